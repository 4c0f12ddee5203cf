// 「获取验证码」: validates the phone (through `send`), then stays disabled for 60 s with a countdown.
import { useState } from 'react';
import { SMS_COOLDOWN_SECONDS } from '@scrm/contracts/constants';
import { useCountdown } from '@scrm/web-kit/base';
import { Button } from '../guest/light';
import { T } from '../texts';

export const smsButtonText = T.login.smsButton;

export interface SmsButtonProps {
  /** Validates and sends; resolves with the cooldown in seconds, or null when nothing was sent. */
  send: () => Promise<number | null>;
}

export function SmsButton({ send }: SmsButtonProps) {
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const onClick = async () => {
    setSending(true);
    try {
      const cooldown = await send();
      if (cooldown !== null) start(cooldown > 0 ? cooldown : SMS_COOLDOWN_SECONDS);
    } finally {
      setSending(false);
    }
  };
  return (
    <Button data-testid="sms-send" disabled={remaining > 0 || sending} onClick={onClick}>
      {smsButtonText(remaining)}
    </Button>
  );
}
