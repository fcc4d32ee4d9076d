import { useCallback, useEffect, useState } from 'react';
import { fetchCaptcha, type CaptchaInfo } from '../api';

/** The captcha of a login or register form: loaded on open, reloaded on a click or after a failed submit. */
export function useCaptcha() {
  const [info, setInfo] = useState<CaptchaInfo | null>(null);

  const refresh = useCallback(async () => {
    try {
      setInfo(await fetchCaptcha());
    } catch {
      /* the client showed why; the field stays, the server will judge */
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return {
    info,
    refresh,
    /** Until the server says otherwise the captcha is assumed on. */
    enabled: info?.captchaEnabled ?? true,
    registerEnabled: info?.registerEnabled ?? false,
  };
}
