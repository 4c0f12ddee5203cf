// Defaults of the simulated official account. The server's GZH_* defaults equal these, so the two
// work together with no configuration.
export const SIM_GZH_DEFAULTS = {
  appId: 'wx5c1mu1a70r0000',
  appSecret: 'scrm-simulator-app-secret',
  token: 'scrmSimulatorToken',
  /** EncodingAESKey of the callback's safe mode (安全模式); the server's GZH_AES_KEY default. */
  encodingAesKey: 'scrmSimulatorGzhEncodingAesKey0123456789abc',
  originalId: 'gh_5c1mu1a70r00',
} as const;

/** The simulated payment provider's merchant key (the server's PAY_SIM_KEY default). */
export const SIM_PAY_DEFAULTS = {
  key: 'scrm-simulator-pay-merchant-key-0000000000',
} as const;
