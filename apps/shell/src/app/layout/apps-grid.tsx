// The apps grid: the four sister marketing platforms from the server's config.
import { AppstoreOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import type { SisterApp } from '@scrm/contracts/config';
import { getPublicConfig } from '@scrm/web-kit';
import { NamedIcon, hasNamedIcon } from './menu-icons';
import { T } from '../../texts';

const PALETTE = ['#1677ff', '#13a8a8', '#722ed1', '#fa8c16'];

function AppIcon({ app }: { app: SisterApp }) {
  if (/^(https?:|\/|data:)/.test(app.icon)) return <img src={app.icon} alt="" width={24} height={24} />;
  return <span style={{ fontSize: 22, color: '#fff' }}>{hasNamedIcon(app.icon) ? <NamedIcon name={app.icon} /> : app.name.slice(0, 1)}</span>;
}

export function AppsGrid() {
  const apps = getPublicConfig().sisterApps;
  const content = (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, 128px)', gap: 8 }} data-testid="apps-grid-panel">
      {apps.map((app, i) => (
        <a key={app.url + app.name} href={app.url} target="_blank" rel="noreferrer" className="scrm-app-tile">
          <span className="scrm-app-tile-icon" style={{ background: /^(https?:|\/|data:)/.test(app.icon) ? '#f5f5f5' : PALETTE[i % PALETTE.length] }}>
            <AppIcon app={app} />
          </span>
          <span className="scrm-app-tile-name">{app.name}</span>
        </a>
      ))}
    </div>
  );
  return (
    <Popover content={content} title={T.layout.moreApps} trigger="click" placement="bottomRight">
      <Button type="text" shape="circle" aria-label={T.layout.moreApps} icon={<AppstoreOutlined style={{ fontSize: 18 }} />} data-testid="apps-grid" />
    </Popover>
  );
}
