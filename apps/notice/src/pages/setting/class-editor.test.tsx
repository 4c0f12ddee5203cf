import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NOTIFY_CLASSES, type NotifyClassKey, type NotifyClassSetting } from '@scrm/contracts/notify';
import { renderWithProviders } from '@scrm/web-parts/test';
import { ClassEditor } from './class-editor';

const classes: NotifyClassSetting[] = NOTIFY_CLASSES.map((c) => ({ key: c.key, name: c.name, description: c.description, enabled: c.key !== 'push_finished', sms: c.urgent }));

function Harness({ initial, onChange }: { initial: NotifyClassKey[]; onChange: (v: NotifyClassKey[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <ClassEditor
      classes={classes}
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

/** The checkbox's input (antd puts the test id on the input itself). */
const inputOf = (el: HTMLElement) => (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
const box = (key: string) => inputOf(screen.getByTestId(`class-${key}`));

describe('recipient classes editor', () => {
  it('shows every class in Chinese with SMS and switched-off marks, the chosen ones checked', async () => {
    await renderWithProviders(<Harness initial={['loss_alert', 'risk_action']} onChange={() => undefined} />);
    const editor = screen.getByTestId('class-editor');
    for (const text of ['全选', '风控动作', '异常添加', '成员下线', '流失提醒', '同步或连接失败', '群发完成', '席位或许可到期', '已停用']) expect(editor.textContent).toContain(text);
    // SMS on the urgent classes only (4 of them).
    expect(screen.getAllByText('短信')).toHaveLength(4);
    expect(box('loss_alert').checked).toBe(true);
    expect(box('risk_action').checked).toBe(true);
    expect(box('abnormal_add').checked).toBe(false);
    expect(inputOf(screen.getByTestId('class-all')).checked).toBe(false);
  });

  it('keeps the classes in their own order whatever the clicks, and warns when none is chosen', async () => {
    const onChange = vi.fn();
    await renderWithProviders(<Harness initial={['loss_alert']} onChange={onChange} />);
    fireEvent.click(box('seat_expiring'));
    fireEvent.click(box('risk_action'));
    expect(onChange).toHaveBeenLastCalledWith(['risk_action', 'loss_alert', 'seat_expiring']);
    fireEvent.click(box('loss_alert'));
    fireEvent.click(box('risk_action'));
    fireEvent.click(box('seat_expiring'));
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(screen.getByTestId('class-none').textContent).toBe('不勾选任何类型时，该接收人不会收到通知。');
  });

  it('selects all and none with 全选', async () => {
    const onChange = vi.fn();
    await renderWithProviders(<Harness initial={[]} onChange={onChange} />);
    const all = inputOf(screen.getByTestId('class-all'));
    fireEvent.click(all);
    expect(onChange).toHaveBeenLastCalledWith(NOTIFY_CLASSES.map((c) => c.key));
    expect(all.checked).toBe(true);
    fireEvent.click(all);
    expect(onChange).toHaveBeenLastCalledWith([]);
  });
});
