// @scrm/web-kit/ui: antd-based building blocks. Not a singleton: each app bundles what it uses.
// (Standalone development of a sub-app is @scrm/web-kit/standalone, kept out of the pages' imports.)
export { PageFrame } from './page-frame';
export { Panel } from './panel';
export type { PanelProps } from './panel';
export type { PageFrameProps } from './page-frame';
export { COMING_SOON_TEXT, ComingSoon, ComingSoonPage } from './coming-soon';
