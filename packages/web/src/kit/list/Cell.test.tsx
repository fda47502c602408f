import { MantineProvider } from '@mantine/core';
import { communicationTypes } from '@switchboard/model';
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n';
import { Cell } from './Cell';

const channel = communicationTypes.columns.find((c) => c.field === 'channel');

afterEach(() => i18next.changeLanguage('en'));

describe('an enum cell', () => {
  it.each([
    ['en', 'Messaging'],
    ['ru', 'Сообщения'],
    ['ua', 'Повідомлення'],
  ])('shows the form’s word for the value in %s', async (lang, word) => {
    if (!channel) throw new Error('communication types list no channel');
    await i18next.changeLanguage(lang);
    render(
      <MantineProvider>
        <Cell
          resource={communicationTypes.name}
          column={channel}
          row={{ id: 1, channel: 'messaging' }}
          canToggle={false}
          onToggle={() => {}}
        />
      </MantineProvider>,
    );
    expect(screen.getByText(word)).toBeInTheDocument();
    expect(screen.queryByText('messaging')).toBeNull();
  });
});
