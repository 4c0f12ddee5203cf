// @scrm/web-parts: antd components the acquisition and marketing pages share — pickers for members,
// tags and materials, the welcome-message and schedule editors, the QR card and the daily chart. A
// separate package from @scrm/web-kit so that its calls go through the shared web-kit singleton
// (the same HTTP client, toasts and 401 handling as the page). Each sub-app bundles what it uses.
export {};
