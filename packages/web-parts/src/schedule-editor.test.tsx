import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button, Form } from 'antd';
import type { WeeklySchedule } from '@scrm/contracts/china-time';
import { ScheduleEditor, scheduleRule, validateSchedule } from './schedule-editor';
import { renderWithProviders, settle } from './test-helpers';

function Host({ initial = [], onChange }: { initial?: WeeklySchedule; onChange?: (v: WeeklySchedule) => void }) {
  const [value, setValue] = useState<WeeklySchedule>(initial);
  return (
    <ScheduleEditor
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange?.(v);
      }}
    />
  );
}

const last = (fn: ReturnType<typeof vi.fn>) => fn.mock.calls.at(-1)![0] as WeeklySchedule;

describe('ScheduleEditor', { timeout: 30_000 }, () => {
  it('reads 「全天在线」 when empty and adds a weekday 9-to-6 range', async () => {
    const onChange = vi.fn();
    await renderWithProviders(<Host onChange={onChange} />);
    expect(screen.getByTestId('schedule-empty').textContent).toBe('全天在线');
    fireEvent.click(screen.getByRole('button', { name: /添加在线时间段/ }));
    expect(last(onChange)).toEqual([{ weekdays: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' }]);
    expect(screen.getByTestId('schedule-summary').textContent).toBe('在线时间：周一至周五 09:00-18:00');
  });

  it('edits weekdays with the checkboxes and shortcuts, runs to midnight, removes rows', async () => {
    const onChange = vi.fn();
    await renderWithProviders(<Host initial={[{ weekdays: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' }]} onChange={onChange} />);
    const row = screen.getByTestId('schedule-rule');
    fireEvent.click(within(row).getByLabelText('周三'));
    expect(last(onChange)[0]!.weekdays).toEqual([1, 2, 4, 5]);
    expect(screen.getByTestId('schedule-summary').textContent).toBe('在线时间：周一、周二、周四、周五 09:00-18:00');
    fireEvent.click(within(row).getByLabelText('周日'));
    expect(last(onChange)[0]!.weekdays).toEqual([1, 2, 4, 5, 7]);

    fireEvent.click(within(row).getByRole('button', { name: '周末' }));
    expect(last(onChange)[0]!.weekdays).toEqual([6, 7]);
    fireEvent.click(within(row).getByRole('button', { name: '每天' }));
    expect(last(onChange)[0]!.weekdays).toEqual([1, 2, 3, 4, 5, 6, 7]);
    fireEvent.click(within(row).getByRole('button', { name: '工作日' }));

    fireEvent.click(within(row).getByLabelText('至次日0点'));
    expect(last(onChange)).toEqual([{ weekdays: [1, 2, 3, 4, 5], start: '09:00', end: '24:00' }]);
    expect(screen.getByTestId('schedule-summary').textContent).toBe('在线时间：周一至周五 09:00-24:00');
    expect(within(row).getByText('— 次日 00:00')).toBeTruthy();
    fireEvent.click(within(row).getByLabelText('至次日0点'));
    expect(last(onChange)[0]!.end).toBe('23:00');

    fireEvent.click(screen.getByRole('button', { name: /添加时间段/ }));
    expect(last(onChange)).toHaveLength(2);
    expect(screen.getAllByTestId('schedule-rule')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('schedule-remove-0'));
    fireEvent.click(screen.getByTestId('schedule-remove-0'));
    expect(last(onChange)).toEqual([]);
    expect(screen.getByTestId('schedule-empty')).toBeTruthy();
  });

  it('takes a typed time range, and an end of 00:00 as midnight at the end of the day', async () => {
    const onChange = vi.fn();
    await renderWithProviders(<Host initial={[{ weekdays: [6, 7], start: '09:00', end: '18:00' }]} onChange={onChange} />);
    const [start, end] = within(screen.getByTestId('schedule-rule')).getAllByRole('textbox') as HTMLInputElement[];
    fireEvent.mouseDown(start!);
    fireEvent.focus(start!);
    fireEvent.change(start!, { target: { value: '20:30' } });
    fireEvent.keyDown(start!, { key: 'Enter', code: 'Enter' });
    await settle();
    fireEvent.change(end!, { target: { value: '00:00' } });
    fireEvent.keyDown(end!, { key: 'Enter', code: 'Enter' });
    await settle();
    expect(last(onChange)).toEqual([{ weekdays: [6, 7], start: '20:30', end: '24:00' }]);
    expect(screen.getByLabelText('至次日0点')).toHaveProperty('checked', true);
  });

  it('marks a row whose end is not after its start, or that has no weekday', async () => {
    await renderWithProviders(
      <Host
        initial={[
          { weekdays: [1], start: '18:00', end: '09:00' },
          { weekdays: [], start: '09:00', end: '12:00' },
        ]}
      />,
    );
    const problems = screen.getAllByTestId('schedule-rule-problem').map((p) => p.textContent);
    expect(problems).toEqual(['结束时间须晚于开始时间；跨过零点请分成两个时间段，或勾选「至次日0点」', '请选择星期']);
  });

  it('validates for a form: rows, and an empty schedule where one is required', async () => {
    expect(validateSchedule([])).toBeNull();
    expect(validateSchedule([], true)).toBe('请添加在线时间段');
    expect(validateSchedule([{ weekdays: [1], start: '09:00', end: '24:00' }])).toBeNull();
    expect(validateSchedule([{ weekdays: [1], start: '10:00', end: '09:00' }])).toBe('时间段 10:00-09:00 的结束时间须晚于开始时间');
    expect(validateSchedule([{ weekdays: [1], start: '09:00', end: '10:00' }, { weekdays: [], start: '09:00', end: '10:00' }])).toBe('第 2 个时间段请选择星期');

    const onFinish = vi.fn();
    await renderWithProviders(
      <Form onFinish={onFinish} initialValues={{ schedule: [] }}>
        <Form.Item name="schedule" label="上线时间" rules={[scheduleRule(true)]}>
          <ScheduleEditor emptyText="请添加在线时间段" />
        </Form.Item>
        <Button htmlType="submit">保存</Button>
      </Form>,
    );
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await settle(100);
    expect(onFinish).not.toHaveBeenCalled();
    expect((await screen.findByText('请添加在线时间段', { selector: '.ant-form-item-explain-error' })).textContent).toBe('请添加在线时间段');
    fireEvent.click(screen.getByRole('button', { name: /添加在线时间段/ }));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await settle(100);
    expect(onFinish).toHaveBeenCalledWith({ schedule: [{ weekdays: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' }] });
  });
});
