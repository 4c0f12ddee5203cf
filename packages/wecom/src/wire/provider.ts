// Third-party app (suite) calls: pre-auth code, session info, permanent code, corp token.
import type { WecomResponse } from './common';

export interface PreAuthCodeResponse extends WecomResponse {
  pre_auth_code: string;
  expires_in: number;
}

export interface SessionInfo {
  appid?: number[];
  /** 0 formal, 1 test. */
  auth_type: 0 | 1;
}

export interface AuthCorpInfo {
  corpid: string;
  corp_name: string;
  corp_type?: string;
  corp_square_logo_url?: string;
  corp_user_max?: number;
  corp_full_name?: string;
  verified_end_time?: number;
  subject_type?: number;
  corp_wxqrcode?: string;
  corp_scale?: string;
  corp_industry?: string;
  corp_sub_industry?: string;
}

export interface AuthAgent {
  agentid: number;
  name?: string;
  round_logo_url?: string;
  square_logo_url?: string;
  appid?: number;
  auth_mode?: number;
  /** True for a 代开发 app: no access_token comes back, the permanent_code is its secret. */
  is_customized_app?: boolean;
  auth_from_thirdapp?: boolean;
  privilege?: {
    level?: number;
    allow_party?: number[];
    allow_user?: string[];
    allow_tag?: number[];
    extra_party?: number[];
    extra_user?: string[];
    extra_tag?: number[];
  };
}

export interface PermanentCodeResponse extends WecomResponse {
  permanent_code: string;
  access_token?: string;
  expires_in?: number;
  auth_corp_info: AuthCorpInfo;
  auth_info?: { agent: AuthAgent[] };
  auth_user_info?: { userid?: string; open_userid?: string; name?: string; avatar?: string };
  state?: string;
}

export interface CorpTokenResponse extends WecomResponse {
  access_token: string;
  expires_in: number;
}
