import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, get } from '@scrm/web-kit';
import { AppsGrid, withAccessToken } from './apps-grid';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), get: vi.fn() }));
const mockedGet = vi.mocked(get);

afterEach(() => mockedGet.mockReset());

/** Opens the grid and clicks a tile; what the new tab was sent to. */
async function clickTile(name: RegExp) {
  const tab = { opener: {} as unknown, location: { href: '' } };
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  render(<AppsGrid />);
  fireEvent.click(screen.getByTestId('apps-grid'));
  const link = await screen.findByRole('link', { name });
  await act(async () => void fireEvent.click(link));
  expect(open).toHaveBeenCalledWith('', '_blank');
  expect(tab.opener).toBeNull();
  return tab.location.href;
}

describe('apps grid (sister platforms)', () => {
  it('opens a platform with its access token after the #', async () => {
    mockedGet.mockResolvedValue({ accessToken: 'tok-1', expiresIn: 300, app: '1', url: 'https://ads.example.com' });
    expect(await clickTile(/广告投放/)).toBe('https://ads.example.com#access_token=tok-1&app=1');
    expect(mockedGet).toHaveBeenCalledWith('/api/get_access_token?app=1', { silent: true });
  });

  it('opens the plain address when no token comes', async () => {
    mockedGet.mockRejectedValue(new ApiRequestError(500, 500, '服务器开小差了'));
    expect(await clickTile(/短信营销/)).toBe('https://sms.example.com');
    expect(mockedGet).toHaveBeenCalledWith('/api/get_access_token?app=4', { silent: true });
  });

  it('adds to an address that already has a fragment', () => {
    expect(withAccessToken('https://mall.example/#/entry', 'mall', 'a+b')).toBe('https://mall.example/#/entry&access_token=a%2Bb&app=mall');
  });
});
