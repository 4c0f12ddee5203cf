// CorpApi part — Uploads: temporary media and attachments.
import { CorpCalls } from '../calls';
import type { UploadAttachmentResponse, UploadFile, UploadMediaResponse } from '../wire/media';

export abstract class MediaCalls extends CorpCalls {
  /** Temporary media (valid 3 days), multipart field `media`. */
  uploadMedia(type: 'image' | 'voice' | 'video' | 'file', file: UploadFile): Promise<UploadMediaResponse> {
    return this.upload('media/upload', { type }, file);
  }

  /** Attachment media for moments and the like (attachment_type 1 = moments). */
  uploadAttachment(mediaType: 'image' | 'video' | 'file', file: UploadFile, attachmentType = 1): Promise<UploadAttachmentResponse> {
    return this.upload('media/upload_attachment', { media_type: mediaType, attachment_type: attachmentType }, file);
  }
}
