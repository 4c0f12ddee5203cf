import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@scrm/web-parts/test';
import { RoleKeysTree, toggleKey, treeKeysOf } from './role-keys-tree';

describe('role key rules', () => {
  it('checks the page with its action, and drops the actions with the page', () => {
    expect(toggleKey([], 'channel-qrcode.manage', true)).toEqual(['channel-qrcode', 'channel-qrcode.manage']);
    expect(toggleKey(['channel-qrcode', 'channel-qrcode.manage', 'tag'], 'channel-qrcode', false)).toEqual(['tag']);
    expect(toggleKey(['channel-qrcode', 'channel-qrcode.manage'], 'channel-qrcode.manage', false)).toEqual(['channel-qrcode']);
  });

  it('checks or clears a whole section, actions included', () => {
    const all = toggleKey([], 'operation', true);
    expect(all).toEqual(['tag', 'tag.manage', 'tag-auto', 'tag-auto.manage']);
    expect(toggleKey(all, 'operation', false)).toEqual([]);
  });

  it('reads a stored section key as its pages, to see them; leaves out main-only and unknown keys', () => {
    expect(treeKeysOf(['operation', 'push.create', 'subaccount', 'nope'])).toEqual(['push.create', 'tag', 'tag-auto']);
    expect(treeKeysOf(['tag.manage', 'channel-qrcode'])).toEqual(['channel-qrcode', 'tag.manage']);
  });
});

function Controlled({ initial }: { initial: string[] }) {
  const [keys, setKeys] = useState(initial);
  return (
    <>
      <RoleKeysTree value={keys} onChange={setKeys} />
      <output data-testid="keys">{keys.join(',')}</output>
    </>
  );
}

describe('RoleKeysTree', () => {
  it('shows sections, pages to see and actions to manage; checking 管理 checks the page', async () => {
    await renderWithProviders(<Controlled initial={['tag']} />);
    const tree = screen.getByTestId('role-keys-tree');
    for (const text of ['获客引流', '渠道活码', '管理渠道活码', '标签管理', '管理标签', '管理群发', '管理成员分组', '修改客户备注与标签', '查看']) expect(tree.textContent).toContain(text);
    // main-only pages are not offered
    expect(tree.textContent).not.toContain('子账号');
    expect(tree.textContent).not.toContain('功能角色');
    const manage = screen.getByTestId('role-key-channel-qrcode.manage').closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;
    fireEvent.click(manage);
    expect(screen.getByTestId('keys').textContent).toBe('channel-qrcode,channel-qrcode.manage,tag');
  });
});
