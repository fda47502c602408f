import { Button, Paper, Stack, Switch, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { notifySuccess } from '../../app/notify';

export type PhoneSettings = { webrtc: boolean; stun: boolean };

/** "Use WebPhone" and "Use STUN"; STUN only means something while WebPhone is on. */
export function PhoneSection() {
  const { t } = useTranslation();
  const [settings, setSettings] = useState<PhoneSettings>({ webrtc: false, stun: false });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    api
      .get<Partial<PhoneSettings>>('/user/settings/phone', { silent: true })
      .then((answer) => {
        if (live) setSettings({ webrtc: Boolean(answer?.webrtc), stun: Boolean(answer?.webrtc && answer?.stun) });
      })
      .catch(() => {
        // No settings stored yet: the switches stay off.
      });
    return () => {
      live = false;
    };
  }, []);

  const save = async () => {
    setBusy(true);
    try {
      await api.put('/user/settings/phone', { webrtc: settings.webrtc, stun: settings.webrtc && settings.stun });
      notifySuccess(t('settings.phone.saved'));
    } catch {
      // The shared handler already showed the server's answer.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={3}>{t('settings.phone.title')}</Title>
        <Switch
          label={t('settings.phone.webrtc')}
          checked={settings.webrtc}
          onChange={(e) => {
            const webrtc = e.currentTarget.checked;
            setSettings((s) => ({ webrtc, stun: webrtc && s.stun }));
          }}
        />
        <Switch
          label={t('settings.phone.stun')}
          description={t('settings.phone.stunHint')}
          checked={settings.stun}
          disabled={!settings.webrtc}
          onChange={(e) => {
            const stun = e.currentTarget.checked;
            setSettings((s) => ({ ...s, stun }));
          }}
        />
        <Button onClick={save} loading={busy} style={{ alignSelf: 'flex-start' }}>
          {t('common.save')}
        </Button>
      </Stack>
    </Paper>
  );
}
