import { Autocomplete, Chip, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { httpClient } from '../../../providers/httpClient';

/** Up to 10 tag words of the current site containing `text`, most used first (`GET /word/tagword/suggest`); [] on failure. */
export function useTagSuggestions(text: string, enabled: boolean): string[] {
  const [options, setOptions] = useState<string[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const timer = setTimeout(() => {
      httpClient
        .get<string[]>('/word/tagword/suggest', { q: text.trim() })
        .then((r) => live && setOptions(r.data ?? []))
        .catch(() => live && setOptions([]));
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, enabled]);
  return options;
}

/** The content editor's tags field: chips, free text, and the site's tag words offered as suggestions while typing. */
export function TagWordSuggestInput({
  label,
  value,
  disabled,
  onChange,
}: {
  label: string;
  value: string[];
  disabled: boolean;
  onChange: (v: string[]) => void;
}) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const suggestions = useTagSuggestions(text, open && !disabled);
  return (
    <Autocomplete
      multiple
      freeSolo
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={suggestions.filter((s) => !value.includes(s))}
      filterOptions={(options) => options}
      value={value}
      inputValue={text}
      onInputChange={(_, v) => setText(v)}
      disabled={disabled}
      onChange={(_, v) => onChange([...new Set(v.map((s) => String(s).trim()).filter(Boolean))])}
      renderValue={(items, getItemProps) => items.map((item, index) => <Chip size="small" label={item} {...getItemProps({ index })} key={item} />)}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
