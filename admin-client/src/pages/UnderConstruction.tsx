import ConstructionIcon from '@mui/icons-material/Construction';
import { Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/** A screen of the menu tree that is not built yet. */
export function UnderConstruction({ title }: { title: string }) {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <ConstructionIcon color="action" />
        <Typography>{translate('app.screen.building')}</Typography>
      </CardContent>
    </Card>
  );
}
