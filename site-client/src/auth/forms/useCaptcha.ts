import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchCaptcha, type CaptchaInfo } from '../api';

/**
 * The captcha of a login or register form: loaded on open, reloaded on a click or after a failed submit. Once a
 * refresh is asked with `required` (a sign-in answered `captchaRequired`) it is shown even while switched off.
 */
export function useCaptcha() {
  const [info, setInfo] = useState<CaptchaInfo | null>(null);
  const required = useRef(false);

  const refresh = useCallback(async (require = false) => {
    required.current ||= require;
    try {
      setInfo(await fetchCaptcha(required.current));
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
