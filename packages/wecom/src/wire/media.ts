// Uploaded media: temporary media and attachments.
import type { WecomResponse } from './common';

export interface UploadFile {
  name: string;
  data: Uint8Array;
  contentType?: string;
}
export interface UploadMediaResponse extends WecomResponse {
  type: string;
  media_id: string;
  created_at: string;
}
export interface UploadAttachmentResponse extends WecomResponse {
  type: string;
  media_id: string;
  created_at: number;
}
