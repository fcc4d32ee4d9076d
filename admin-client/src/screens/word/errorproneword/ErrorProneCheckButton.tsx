import SpellcheckIcon from '@mui/icons-material/Spellcheck';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { httpClient } from '../../../providers/httpClient';
import { replaceInHtml, replaceInText } from './errorProneFix';

interface Hit {
  word: string;
  replaceWord: string;
  count: number;
}

/**
 * 易错词检查 in the content editor: sends the title and the body to `POST /word/errorproneword/check`, lists the
 * error-prone words found, and fixes them one by one or all at once in the title and the body (`onFix`).
 */
export function ErrorProneCheckButton({
  title,
  html,
  disabled,
  onFix,
}: {
  title: string;
  html: string;
  disabled: boolean;
  onFix: (title: string, html: string) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [hits, setHits] = useState<Hit[] | null>(null);
  const [busy, setBusy] = useState(false);
  const check = async () => {
    setBusy(true);
    try {
      setHits((await httpClient.post<Hit[]>('/word/errorproneword/check', { text: title, html }, { repeatSubmitGuard: false })).data ?? []);
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const fix = (list: Hit[]) => {
    let nextTitle = title;
    let nextHtml = html;
    for (const h of list) {
      nextTitle = replaceInText(nextTitle, h.word, h.replaceWord);
      nextHtml = replaceInHtml(nextHtml, h.word, h.replaceWord);
    }
    onFix(nextTitle, nextHtml);
    setHits((current) => (current ?? []).filter((h) => !list.includes(h)));
  };
  return (
    <>
      <Button variant="outlined" startIcon={<SpellcheckIcon />} disabled={disabled || busy} onClick={() => void check()}>
        {translate('app.word_check.button')}
      </Button>
      <Dialog open={hits !== null} onClose={() => setHits(null)} fullWidth maxWidth="sm" aria-labelledby="error-prone-title">
        <DialogTitle id="error-prone-title">{translate('app.word_check.title')}</DialogTitle>
        <DialogContent>
          {hits?.length === 0 ? <Typography>{translate('app.word_check.none')}</Typography> : null}
          <List dense aria-label={translate('app.word_check.title')}>
            {(hits ?? []).map((h) => (
              <ListItem
                key={h.word}
                secondaryAction={
                  <Button size="small" onClick={() => fix([h])} aria-label={translate('app.word_check.fix_one', { word: h.word })}>
                    {translate('app.word_check.fix')}
                  </Button>
                }
              >
                <ListItemText
                  primary={translate('app.word_check.hit', { word: h.word, replaceWord: h.replaceWord })}
                  secondary={translate('app.word_check.count', { count: h.count })}
                />
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setHits(null)}>{translate('ra.action.close')}</Button>
          <Button variant="contained" disabled={!hits?.length} onClick={() => fix(hits ?? [])}>
            {translate('app.word_check.fix_all')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
