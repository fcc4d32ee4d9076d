import { Box, Chip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export interface StateChoice {
  id: string;
  name: string;
  color: 'default' | 'info' | 'success' | 'error' | 'warning' | 'primary' | 'secondary';
}

/** A row's state as a coloured chip, with what goes under it (a progress bar) and why it failed. */
export function StateChip({
  choices,
  state,
  errorMessage,
  children,
}: {
  choices: readonly StateChoice[];
  state: string;
  errorMessage?: string;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const choice = choices.find((c) => c.id === state);
  return (
    <Box sx={{ minWidth: 120 }}>
      <Chip size="small" color={choice?.color ?? 'default'} label={choice ? translate(choice.name) : state} />
      {children}
      {errorMessage ? (
        <Typography variant="caption" color="error" component="div" sx={{ mt: 0.5, maxWidth: 320 }}>
          {errorMessage}
        </Typography>
      ) : null}
    </Box>
  );
}
