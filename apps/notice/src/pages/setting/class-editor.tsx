// Which classes of notice a recipient receives: one checkbox a class (its description beside it, 「短信」
// where the class also goes by SMS) and 「全选」. Controlled: `value` in, `onChange` out.
import { Checkbox, Flex, Tag, Typography } from 'antd';
import { NOTIFY_CLASS_KEYS, type NotifyClassKey, type NotifyClassSetting } from '@scrm/contracts/notify';
import { T } from '../../texts';

export interface ClassEditorProps {
  /** The classes with the account's settings (name, description, whether SMS too). */
  classes: NotifyClassSetting[];
  value: NotifyClassKey[];
  onChange: (value: NotifyClassKey[]) => void;
}

export function ClassEditor({ classes, value, onChange }: ClassEditorProps) {
  const chosen = new Set(value);
  const all = classes.length > 0 && classes.every((c) => chosen.has(c.key));
  const some = classes.some((c) => chosen.has(c.key));
  // Always in the classes' own order, whatever order the clicks came in.
  const ordered = (keys: Set<NotifyClassKey>) => NOTIFY_CLASS_KEYS.filter((k) => keys.has(k));
  const toggle = (key: NotifyClassKey, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(key);
    else next.delete(key);
    onChange(ordered(next));
  };
  return (
    <Flex vertical gap={10} data-testid="class-editor">
      <Checkbox checked={all} indeterminate={some && !all} onChange={(e) => onChange(e.target.checked ? classes.map((c) => c.key) : [])} data-testid="class-all">
        {T.classesEditor.all}
      </Checkbox>
      {classes.map((c) => (
        <Flex key={c.key} gap={8} align="baseline" style={{ paddingInlineStart: 24 }}>
          <Checkbox checked={chosen.has(c.key)} onChange={(e) => toggle(c.key, e.target.checked)} data-testid={`class-${c.key}`}>
            <Typography.Text strong={chosen.has(c.key)}>{c.name}</Typography.Text>
          </Checkbox>
          {!c.enabled ? <Tag style={{ marginInlineEnd: 0 }}>{T.classesEditor.off}</Tag> : null}
          {c.sms && c.enabled ? (
            <Tag color="orange" title={T.classesEditor.smsHint} style={{ marginInlineEnd: 0 }}>
              {T.classesEditor.sms}
            </Tag>
          ) : null}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {c.description}
          </Typography.Text>
        </Flex>
      ))}
      {value.length === 0 ? (
        <Typography.Text type="warning" data-testid="class-none">
          {T.classesEditor.none}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
