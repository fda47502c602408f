import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../kit/Dialog';

type Props = { token: { token: string; usage: string } | null; onClose: () => void };

/** Offers the token text as a file, so it can be kept outside the browser. */
function download(token: string, usage: string) {
  const url = URL.createObjectURL(new Blob([token], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${usage.replace(/[^\w.-]+/g, '_') || 'token'}.txt`;
  link.click();
  URL.revokeObjectURL(url);
}

/** Shows a new token once: the API answers its value only at creation. */
export function TokenDialog({ token, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog opened={token !== null} onClose={onClose} title={t('users.tokens.createdTitle')} centered size="lg">
      {token && (
        <Stack gap="sm">
          <Alert color="yellow" icon={<IconAlertTriangle size={16} />} p="xs">
            <Text size="sm">{t('users.tokens.onceWarning')}</Text>
          </Alert>
          <Code block data-testid="token-value">
            {token.token}
          </Code>
          <Group justify="flex-end" gap="xs">
            <CopyButton value={token.token}>
              {({ copied, copy }) => (
                <Button
                  size="xs"
                  variant="light"
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  onClick={copy}
                >
                  {copied ? t('users.tokens.copied') : t('users.tokens.copy')}
                </Button>
              )}
            </CopyButton>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconDownload size={14} />}
              onClick={() => download(token.token, token.usage)}
            >
              {t('users.tokens.download')}
            </Button>
            <Button size="xs" onClick={onClose}>
              {t('users.tokens.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}
