// What the server tells the web apps at start (injected into index.html as window.__SCRM__).
export interface SisterApp {
  name: string;
  icon: string;
  url: string;
  /** The app's id as the audience of GET /api/get_access_token; unset: its position in the list, from 1. */
  id?: string;
}

export interface PublicConfig {
  sisterApps: SisterApp[];
  /** True when the simulator's SMS outbox and QR login stand in for the real providers. */
  simulator: boolean;
  /** Base URL of the simulator's page for people, when it runs. */
  simulatorUrl?: string;
}

/** A sister app's id as the audience of GET /api/get_access_token: its own, or its position from 1. */
export const sisterAppId = (app: SisterApp, index: number): string => app.id ?? String(index + 1);
