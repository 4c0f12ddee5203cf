// What the server tells the web apps at start (injected into index.html as window.__SCRM__).
export interface SisterApp {
  name: string;
  icon: string;
  url: string;
}

export interface PublicConfig {
  sisterApps: SisterApp[];
  /** True when the simulator's SMS outbox and QR login stand in for the real providers. */
  simulator: boolean;
  /** Base URL of the simulator's page for people, when it runs. */
  simulatorUrl?: string;
}
