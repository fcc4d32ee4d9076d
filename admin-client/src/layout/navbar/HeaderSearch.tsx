import SearchIcon from '@mui/icons-material/Search';
import { Autocomplete, Box, IconButton, TextField, Tooltip } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import { useScreens } from '../useScreens';
import { createRouteSearch, searchEntries, type SearchEntry } from './routeSearch';

/** Header search: a search icon that opens a fuzzy search box over the caller's routes. */
export function HeaderSearch() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const screens = useScreens();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const search = useMemo(() => createRouteSearch(searchEntries(screens)), [screens]);
  const options = useMemo(() => search(query), [search, query]);
  const go = (entry: SearchEntry | null) => {
    if (!entry) return;
    if (entry.external) window.open(entry.path, '_blank', 'noopener');
    else navigate(entry.path);
    setOpen(false);
    setQuery('');
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      <Tooltip title={translate('app.layout.search')}>
        <IconButton color="inherit" aria-label={translate('app.layout.search')} onClick={() => setOpen(!open)}>
          <SearchIcon />
        </IconButton>
      </Tooltip>
      {open ? (
        <Autocomplete<SearchEntry>
          autoHighlight
          openOnFocus
          options={options}
          filterOptions={(items) => items}
          getOptionLabel={(o) => o.title}
          isOptionEqualToValue={(a, b) => a.path === b.path}
          inputValue={query}
          onInputChange={(_, value) => setQuery(value)}
          onChange={(_, value) => go(value)}
          onBlur={() => setOpen(false)}
          noOptionsText={translate('app.layout.search_empty')}
          sx={{ width: 220, bgcolor: 'background.paper', borderRadius: 1 }}
          renderInput={(params) => <TextField {...params} autoFocus size="small" variant="outlined" placeholder={translate('app.layout.search')} />}
        />
      ) : null}
    </Box>
  );
}
