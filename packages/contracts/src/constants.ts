// Business constants of spec §9, shared by server and web.
export const SMS_COOLDOWN_SECONDS = 60;
export const SMS_CODE_TTL_MS = 5 * 60_000;
export const PHONE_LENGTH = 11;
export const QR_POLL_INTERVAL_MS = 1000;
export const QR_EXPIRY_MS = 600_000;
export const REGISTER_RELOAD_DELAY_MS = 1200;
export const WORK_LIST_PAGE = 0;
export const WORK_LIST_PAGE_SIZE = 100;
export const TOAST_DURATION_MS = 3000;
export const LOADING_TOAST_TIMEOUT_MS = 30_000;
export const LOGIN_CARD_WIDTH = 400;
export const QR_IMAGE_SIZE = 160;
export const LOGIN_NARROW_BREAKPOINT = 750;
export const TOP_BAR_HEIGHT = 60;
export const MENU_WIDTH = 220;
export const CONTENT_MIN_WIDTH = 1000;
export const BREAKPOINT_TABLET = 650;
export const BREAKPOINT_DESKTOP = 1150;
export const STORAGE_TOKEN = 'token';
export const STORAGE_WORK_ID = 'work_id';
/** After a login the page goes here (spec §2). */
export const HOME_AFTER_LOGIN = '/channel-qrcode/list';

/** The query parameter of a distributor's promotion link (`/?cps=<promoCode>`, docs/distributors.md). */
export const CPS_PARAM = 'cps';
/** A promotion code: 4 to 32 letters and digits. */
export const PROMO_CODE_PATTERN = '^[A-Za-z0-9]{4,32}$';
