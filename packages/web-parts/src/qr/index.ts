// @scrm/web-parts/qr: the QR image and one QR scan session (spec §4), without antd, so that the shell's
// login gate (which loads no antd) and the logged-in pages (the binding modals) share them.
export { QrImage } from './qr-image';
export type { QrImageProps } from './qr-image';
export { useQrSession } from './use-qr-session';
export type { QrSession, QrSessionOptions } from './use-qr-session';
