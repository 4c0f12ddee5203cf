// A member as the lists and detail pages show one: a small avatar (the name's first character without
// a picture) and the name.
import { Avatar, Space } from 'antd';

export interface MemberAvatarProps {
  name: string;
  avatar?: string;
  /** Keep it on one line (a table cell). */
  nowrap?: boolean;
}

export function MemberAvatar({ name, avatar, nowrap }: MemberAvatarProps) {
  return (
    <Space size={8} style={nowrap ? { whiteSpace: 'nowrap' } : undefined}>
      <Avatar size={24} src={avatar || undefined}>
        {name.slice(0, 1)}
      </Avatar>
      {name}
    </Space>
  );
}
