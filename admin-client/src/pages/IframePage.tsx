import { Box, LinearProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title } from 'react-admin';

/** Space the app bar and tabs bar take above an embedded page (spec 2.6). */
const CHROME_HEIGHT_PX = 94.5;

/** A page of another site shown inside the console (a menu "inner link"), with a loading bar until it loads. */
export function IframePage({ src, title }: { src: string; title: string }) {
  const [loading, setLoading] = useState(true);
  const [height, setHeight] = useState(() => window.innerHeight - CHROME_HEIGHT_PX);
  useEffect(() => {
    const onResize = () => setHeight(window.innerHeight - CHROME_HEIGHT_PX);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  useEffect(() => setLoading(true), [src]);
  return (
    <Box sx={{ position: 'relative' }}>
      <Title title={title} />
      {loading ? <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} aria-label={title} /> : null}
      <Box component="iframe" src={src} title={title} onLoad={() => setLoading(false)} sx={{ width: '100%', height, border: 0, display: 'block' }} />
    </Box>
  );
}
