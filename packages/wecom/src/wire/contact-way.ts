// Contact ways (「联系我」 QR codes and mini-program buttons).
import type { WecomResponse, Paged } from './common';

export interface ContactWayConclusions {
  text?: { content: string };
  image?: { media_id?: string; pic_url?: string };
  link?: { title: string; picurl?: string; desc?: string; url: string };
  miniprogram?: { title: string; pic_media_id: string; appid: string; page: string };
}
export interface AddContactWayRequest {
  /** 1 single member, 2 several. */
  type: 1 | 2;
  /** 1 mini-program, 2 QR code. */
  scene: 1 | 2;
  style?: number;
  remark?: string;
  skip_verify?: boolean;
  state?: string;
  user?: string[];
  party?: number[];
  is_temp?: boolean;
  expires_in?: number;
  chat_expires_in?: number;
  unionid?: string;
  is_exclusive?: boolean;
  conclusions?: ContactWayConclusions;
}
export interface AddContactWayResponse extends WecomResponse {
  config_id: string;
  qr_code?: string;
}
export interface ContactWay extends AddContactWayRequest {
  config_id: string;
  qr_code?: string;
}
export interface GetContactWayResponse extends WecomResponse {
  contact_way: ContactWay;
}
export interface UpdateContactWayRequest {
  config_id: string;
  remark?: string;
  skip_verify?: boolean;
  style?: number;
  state?: string;
  /** Replaces the whole list. */
  user?: string[];
  /** Replaces the whole list. */
  party?: number[];
  expires_in?: number;
  chat_expires_in?: number;
  unionid?: string;
  conclusions?: ContactWayConclusions;
}
export interface ListContactWayRequest {
  start_time?: number;
  end_time?: number;
  /** Page size, ≤1000 (default 1000). */
  limit?: number;
}
export interface ListContactWayResponse extends WecomResponse, Paged {
  contact_way: { config_id: string }[];
}
