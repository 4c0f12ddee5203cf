// The simulator's own calls out — WeCom's callbacks, the official account's pushes, the cashier's payment
// notifications — over @scrm/wecom's transport (node:http with kept-alive connections), not `fetch`: in the
// acquisition bench (2,000 adds) the callbacks' `fetch` took about 1.5 s of the simulator's 8.6 s of CPU.
import { httpTransport } from '@scrm/wecom/transport';

/** One pool of connections for the whole simulator. */
export const send = httpTransport();
