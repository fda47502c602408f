import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { UserInfo } from '@switchboard/model';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import '../i18n';
import { DatesLocale } from '../kit/fields/DateInputs';
import { colorSchemeManager, cssVariablesResolver, theme } from '../theme';
import { type AppConfig, ConfigProvider, DEFAULT_CONFIG } from './config';
import { NOTIFICATION_POSITION } from './notify';
import { SessionProvider, type SessionStore } from './session';

type Props = {
  children: ReactNode;
  config?: AppConfig;
  store?: SessionStore;
  initialUser?: UserInfo | null;
  queryClient?: QueryClient;
};

/** Theme, notifications, data cache, runtime configuration and session: everything a screen needs. */
export function Providers({ children, config = DEFAULT_CONFIG, store, initialUser, queryClient }: Props) {
  const [client] = useState(
    () =>
      queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }),
  );
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
    >
      <Notifications position={NOTIFICATION_POSITION} />
      <DatesLocale>
        <QueryClientProvider client={client}>
          <ConfigProvider config={config}>
            <SessionProvider store={store} initialUser={initialUser}>
              {children}
            </SessionProvider>
          </ConfigProvider>
        </QueryClientProvider>
      </DatesLocale>
    </MantineProvider>
  );
}
