// What every WeCom answer carries, and how paged answers say more follows.

export interface WecomResponse {
  errcode: number;
  errmsg: string;
}

export interface Paged {
  next_cursor?: string;
  /** Licence lists say whether more pages follow. */
  has_more?: number;
}
