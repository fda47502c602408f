import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../app/title';

type Props = { code: string; title: string; text: string };

/** The 403 and 404 pages: a big code, a title, a sentence and the go-home link. */
export function ErrorPage({ code, title, text }: Props) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <Text fz={96} fw={900} c="dimmed" lh={1} aria-hidden>
          {code}
        </Text>
        <Title order={1}>{title}</Title>
        <Text c="dimmed" size="lg">
          {text}
        </Text>
        <Button component={Link} to="/" variant="light" mt="md">
          {t('pages.goHome')}
        </Button>
      </Stack>
    </Center>
  );
}
