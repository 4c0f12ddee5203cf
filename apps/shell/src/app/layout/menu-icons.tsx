// The icons named in the menu configuration and the sister-app defaults (tree-shaken, not the whole set).
import {
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  FundProjectionScreenOutlined,
  MessageOutlined,
  QrcodeOutlined,
  SendOutlined,
  SettingOutlined,
  TagsOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

const ICONS: Record<string, ComponentType> = {
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  FundProjectionScreenOutlined,
  MessageOutlined,
  QrcodeOutlined,
  SendOutlined,
  SettingOutlined,
  TagsOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  WechatOutlined,
};

export function NamedIcon({ name }: { name?: string }) {
  const Icon = name ? ICONS[name] : undefined;
  return Icon ? <Icon /> : null;
}

export const hasNamedIcon = (name: string) => name in ICONS;
