// Edits a weekly online schedule: rows of weekdays × a time range; no rows means online all day.
import { Button, Checkbox, Flex, Space, TimePicker, Typography, type FormRule } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { WEEKDAY_LABEL, WeeklySchedule, describeSchedule, minutesOf, scheduleProblem, type ScheduleRule } from '@scrm/contracts/china-time';
import { T } from './texts';
import { useFormItemErrors } from './use-form-item-errors';

/** Rows a schedule may hold (the contracts' limit). */
export const SCHEDULE_MAX_RULES: number = (WeeklySchedule as { maxItems?: number }).maxItems ?? 20;
export const END_OF_DAY = '24:00';
/** A new row: weekdays 9 to 6. */
export const DEFAULT_RULE: ScheduleRule = { weekdays: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' };

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
const SHORTCUTS = [
  { label: (t: ScheduleTexts) => t.workdays, days: [1, 2, 3, 4, 5] },
  { label: (t: ScheduleTexts) => t.weekend, days: [6, 7] },
  { label: (t: ScheduleTexts) => t.everyday, days: WEEKDAYS },
];

/** The editor's wording; the default speaks of online time (codes, risk plans), a page about something else passes its own. */
export type ScheduleTexts = typeof T.schedule;
const textsOf = (texts?: Partial<ScheduleTexts>): ScheduleTexts => (texts ? { ...T.schedule, ...texts } : T.schedule);
const WEEKDAY_OPTIONS = WEEKDAYS.map((d) => ({ value: d, label: WEEKDAY_LABEL[d]! }));

/** What is wrong with one row, in Chinese; null when it is fine. */
export function ruleProblem(rule: ScheduleRule, texts?: Partial<ScheduleTexts>): string | null {
  const t = textsOf(texts);
  if (!rule.weekdays.length) return t.noWeekday;
  if (minutesOf(rule.start) >= minutesOf(rule.end)) return t.endBeforeStart;
  return null;
}

/** Why a schedule cannot be saved, in Chinese (null when fine); `required`: an empty one is not allowed (e.g. a cron plan). */
export function validateSchedule(rules: WeeklySchedule | null | undefined, required = false, texts?: Partial<ScheduleTexts>): string | null {
  const t = textsOf(texts);
  const list = rules ?? [];
  if (!list.length) return required ? t.required : null;
  if (list.length > SCHEDULE_MAX_RULES) return t.max(SCHEDULE_MAX_RULES);
  const empty = list.findIndex((r) => !r.weekdays.length);
  if (empty >= 0) return t.rowProblem(empty + 1);
  return scheduleProblem(list);
}

/** Form.Item rule running validateSchedule (`texts`: as given to the editor). */
export const scheduleRule = (required = false, texts?: Partial<ScheduleTexts>): FormRule => ({
  validator: async (_rule, value: WeeklySchedule | undefined) => {
    const problem = validateSchedule(value, required, texts);
    if (problem) throw new Error(problem);
  },
});

const toDayjs = (hhmm: string): Dayjs => dayjs(`2000-01-01T${hhmm}:00`);
// Picking 00:00 as the end of a range that starts later means midnight at the end of the day.
const endOf = (d: Dayjs, start: string): string => {
  const hhmm = d.format('HH:mm');
  return hhmm === '00:00' && start !== '00:00' ? END_OF_DAY : hhmm;
};

interface RowProps {
  t: ScheduleTexts;
  rule: ScheduleRule;
  index: number;
  disabled?: boolean;
  onChange: (rule: ScheduleRule) => void;
  onRemove: () => void;
}

function RuleRow({ t, rule, index, disabled, onChange, onRemove }: RowProps) {
  const problem = ruleProblem(rule, t);
  const toMidnight = rule.end === END_OF_DAY;
  const sortDays = (days: number[]) => [...new Set(days)].sort((a, b) => a - b);
  return (
    <div
      data-testid="schedule-rule"
      style={{ border: `1px solid ${problem ? '#ffccc7' : '#f0f0f0'}`, borderRadius: 8, padding: '10px 12px', background: '#fafafa' }}
    >
      <Flex justify="space-between" align="flex-start" gap={8}>
        <Flex vertical gap={8} style={{ minWidth: 0 }}>
          <Flex wrap align="center" gap={4}>
            <Checkbox.Group
              options={WEEKDAY_OPTIONS}
              value={rule.weekdays}
              disabled={disabled}
              onChange={(days) => onChange({ ...rule, weekdays: sortDays(days) })}
              data-testid={`schedule-weekdays-${index}`}
            />
            <Space size={0} separator={<Typography.Text type="secondary">|</Typography.Text>}>
              {SHORTCUTS.map((s) => (
                <Button key={s.days.join()} type="link" size="small" disabled={disabled} onClick={() => onChange({ ...rule, weekdays: s.days })}>
                  {s.label(t)}
                </Button>
              ))}
            </Space>
          </Flex>
          <Flex wrap align="center" gap={12}>
            {toMidnight ? (
              <Space>
                <TimePicker
                  format="HH:mm"
                  minuteStep={5}
                  allowClear={false}
                  needConfirm={false}
                  disabled={disabled}
                  value={toDayjs(rule.start)}
                  onChange={(d) => d && onChange({ ...rule, start: d.format('HH:mm') })}
                  placeholder={t.start}
                  data-testid={`schedule-start-${index}`}
                />
                <Typography.Text>{t.untilMidnight}</Typography.Text>
              </Space>
            ) : (
              <TimePicker.RangePicker
                format="HH:mm"
                minuteStep={5}
                order={false}
                allowClear={false}
                disabled={disabled}
                status={problem === t.endBeforeStart ? 'error' : undefined}
                placeholder={[t.start, t.end]}
                value={[toDayjs(rule.start), toDayjs(rule.end)]}
                onChange={(range) => {
                  const [s, e] = range ?? [];
                  if (!s || !e) return;
                  const start = s.format('HH:mm');
                  onChange({ ...rule, start, end: endOf(e, start) });
                }}
              />
            )}
            <Checkbox
              checked={toMidnight}
              disabled={disabled}
              onChange={(e) => onChange({ ...rule, end: e.target.checked ? END_OF_DAY : minutesOf(rule.start) < minutesOf('23:00') ? '23:00' : '23:55' })}
              data-testid={`schedule-midnight-${index}`}
            >
              {t.toMidnight}
            </Checkbox>
          </Flex>
          {problem ? (
            <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="schedule-rule-problem">
              {problem}
            </Typography.Text>
          ) : null}
        </Flex>
        <Button type="text" danger icon={<DeleteOutlined />} disabled={disabled} onClick={onRemove} aria-label={t.remove} data-testid={`schedule-remove-${index}`} />
      </Flex>
    </div>
  );
}

export interface ScheduleEditorProps {
  value?: WeeklySchedule | null;
  onChange?: (value: WeeklySchedule) => void;
  disabled?: boolean;
  /** What an empty schedule means; default 「全天在线」. */
  emptyText?: string;
  emptyHint?: string;
  /** Wording for what the schedule is about (default: online time). */
  texts?: Partial<ScheduleTexts>;
  /** Set by Form.Item. */
  id?: string;
}

/** Form control for a WeeklySchedule: weekday rows with shortcuts, HH:mm ranges (5-minute steps, 至次日0点), a summary line. */
export function ScheduleEditor({ value, onChange, disabled, emptyText, emptyHint, texts, id }: ScheduleEditorProps) {
  const t = textsOf(texts);
  const rules = value ?? [];
  const errors = useFormItemErrors();
  const set = (next: WeeklySchedule) => onChange?.(next);
  const add = () => set([...rules, { ...DEFAULT_RULE, weekdays: [...DEFAULT_RULE.weekdays] }]);
  const problem = validateSchedule(rules, false, t);
  const valid = rules.filter((r) => !ruleProblem(r, t));

  if (!rules.length) {
    return (
      <Flex id={id} align="center" justify="space-between" gap={12} wrap data-testid="schedule-editor" style={{ border: '1px dashed #d9d9d9', borderRadius: 8, padding: '12px 16px' }}>
        <div>
          <Typography.Text strong data-testid="schedule-empty">
            {emptyText ?? t.alwaysOnline}
          </Typography.Text>
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {emptyHint ?? t.alwaysOnlineHint}
          </Typography.Text>
        </div>
        <Button icon={<PlusOutlined />} disabled={disabled} onClick={add} data-testid="schedule-add">
          {t.addFirst}
        </Button>
      </Flex>
    );
  }

  return (
    <Flex id={id} vertical gap={8} data-testid="schedule-editor">
      {rules.map((rule, i) => (
        <RuleRow
          // Rows have no id of their own; the index is their identity while editing.
          key={i}
          t={t}
          index={i}
          rule={rule}
          disabled={disabled}
          onChange={(next) => set(rules.map((r, j) => (j === i ? next : r)))}
          onRemove={() => set(rules.filter((_, j) => j !== i))}
        />
      ))}
      <Flex align="center" justify="space-between" gap={8} wrap>
        <Button type="dashed" icon={<PlusOutlined />} disabled={disabled || rules.length >= SCHEDULE_MAX_RULES} onClick={add} data-testid="schedule-add">
          {rules.length >= SCHEDULE_MAX_RULES ? t.max(SCHEDULE_MAX_RULES) : t.add}
        </Button>
        <Typography.Text type="secondary" data-testid="schedule-summary">
          {t.summary}
          {valid.length ? describeSchedule(valid) : '—'}
        </Typography.Text>
      </Flex>
      {/* Inside a Form.Item whose rule already shows the message, do not repeat it. */}
      {problem && !errors.length && valid.length === rules.length ? (
        <Typography.Text type="danger" data-testid="schedule-problem">
          {problem}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
