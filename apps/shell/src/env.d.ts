/** Versions of the shared singletons, written by @scrm/web-build's shellConfig(). */
declare const __SCRM_SHARED_VERSIONS__: Record<string, string>;
