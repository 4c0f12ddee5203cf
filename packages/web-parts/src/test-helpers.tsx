// Set-up of this package's component tests (not exported): the shared render of the web tests, in work space 1.
// (The component suites allow 30 s a test: antd's first render in jsdom is slow when the web suite runs in parallel.)
import type { ReactElement } from 'react';
import { renderWithProviders as render } from '../test/render';

export { memberGroup, settle } from '../test/render';

/** Renders `ui` as the shell does (zh_CN antd, a fresh query client, a router) in work space 1, and lets the first effects run. */
export const renderWithProviders = async (ui: ReactElement) => render(ui, { workId: 1 });
