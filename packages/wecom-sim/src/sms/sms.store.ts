// The SMS outbox: every message "sent", newest first, for people and tests to read.
export interface SmsMessage {
  phone: string;
  content: string;
  /** The 4–6 digit verification code found in the content, or null. */
  code: string | null;
  sentAt: number;
}

const MAX_MESSAGES = 500;

export const codeIn = (content: string): string | null => /(?<!\d)\d{4,6}(?!\d)/.exec(content)?.[0] ?? null;

export class SmsStore {
  private messages: SmsMessage[] = [];

  add(phone: string, content: string): SmsMessage {
    const message = { phone, content, code: codeIn(content), sentAt: Date.now() };
    this.messages.unshift(message);
    if (this.messages.length > MAX_MESSAGES) this.messages.length = MAX_MESSAGES;
    return message;
  }

  list(phone?: string): SmsMessage[] {
    return phone ? this.messages.filter((m) => m.phone === phone) : [...this.messages];
  }

  clear(): void {
    this.messages = [];
  }
}
