import { afterEach, describe, expect, it, vi } from 'vitest';

const mantine = vi.hoisted(() => ({ show: vi.fn(), update: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: mantine }));

const { notifyError, notifySuccess, NOTIFICATION_POSITION } = await import('./notify');

afterEach(() => {
  mantine.show.mockReset();
  mantine.update.mockReset();
});

describe('notifications', () => {
  it('sit at the bottom right, clear of the header and the list toolbars', () => {
    expect(NOTIFICATION_POSITION).toBe('bottom-right');
  });

  it('keep an error until it is dismissed, and merge its repeats into it with a count', () => {
    notifyError('Name: This field is required');
    expect(mantine.show).toHaveBeenCalledTimes(1);
    const shown = mantine.show.mock.calls[0][0];
    expect(shown).toMatchObject({ color: 'red', title: 'Error', autoClose: false, withCloseButton: true });

    notifyError('Name: This field is required');
    notifyError('Name: This field is required');
    expect(mantine.show).toHaveBeenCalledTimes(1);
    expect(mantine.update).toHaveBeenLastCalledWith(
      expect.objectContaining({ id: shown.id, title: 'Error ×3', autoClose: false }),
    );

    // Another error gets its own; once the first is closed, its text starts afresh.
    notifyError('Forbidden');
    expect(mantine.show).toHaveBeenCalledTimes(2);
    shown.onClose();
    notifyError('Name: This field is required');
    expect(mantine.show).toHaveBeenCalledTimes(3);
    expect(mantine.show.mock.calls[2][0].id).not.toBe(shown.id);
  });

  it('lets a success close by itself', () => {
    notifySuccess('Saved');
    expect(mantine.show.mock.calls[0][0].autoClose).toBeGreaterThan(0);
  });
});
