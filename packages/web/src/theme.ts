import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
});

/** The light or dark choice survives reloads. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'switchboard-color-scheme' });
