import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateTimeInput, DayInput } from './DateInputs';
import '../../i18n';

const inMantine = (ui: ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);

describe('date inputs on @mantine/dates', () => {
  it('takes a typed day and gives it as YYYY-MM-DD; clearing gives empty', () => {
    const onChange = vi.fn();
    const { rerender } = inMantine(<DayInput label="Day" value="" onChange={onChange} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Day' }), { target: { value: '2030-06-01' } });
    expect(onChange).toHaveBeenLastCalledWith('2030-06-01');
    rerender(
      <MantineProvider>
        <DayInput label="Day" value="2030-06-01" onChange={onChange} />
      </MantineProvider>,
    );
    expect(screen.getByRole('textbox', { name: 'Day' })).toHaveValue('2030-06-01');
    fireEvent.change(screen.getByRole('textbox', { name: 'Day' }), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('takes a typed date and time and gives it as the datetime-local value it replaces', () => {
    const onChange = vi.fn();
    inMantine(<DateTimeInput label="Start" value="2026-01-15T08:30" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Start' });
    expect(input).toHaveValue('2026-01-15 08:30');
    fireEvent.change(input, { target: { value: '2026-02-20 17:45' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-02-20T17:45');
  });
});
