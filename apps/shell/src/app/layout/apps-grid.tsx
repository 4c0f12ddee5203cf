// The apps grid: the four sister marketing platforms from the server's config. A tile opens its platform
// with a 5-minute access token for it (GET /api/get_access_token, docs/sister-platforms.md) after the `#`,
// or, when that call fails, the plain address.
import type { MouseEvent } from 'react';
import { AppstoreOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { sisterAppId, type SisterApp } from '@scrm/contracts/config';
import type { AccessTokenData } from '@scrm/contracts/user-centre';
import { get, getPublicConfig } from '@scrm/web-kit';
import { NamedIcon, hasNamedIcon } from './menu-icons';
import { T } from '../../texts';

const PALETTE = ['#1677ff', '#13a8a8', '#722ed1', '#fa8c16'];

function AppIcon({ app }: { app: SisterApp }) {
  if (/^(https?:|\/|data:)/.test(app.icon)) return <img src={app.icon} alt="" width={24} height={24} />;
  return <span style={{ fontSize: 22, color: '#fff' }}>{hasNamedIcon(app.icon) ? <NamedIcon name={app.icon} /> : app.name.slice(0, 1)}</span>;
}

/** The platform's address with the token in its fragment (kept out of its access logs and any Referer). */
export const withAccessToken = (url: string, id: string, token: string) =>
  `${url}${url.includes('#') ? '&' : '#'}access_token=${encodeURIComponent(token)}&app=${encodeURIComponent(id)}`;

async function openSisterApp(event: MouseEvent, app: SisterApp, id: string) {
  event.preventDefault();
  // Opened within the click (no popup blocker), pointed at the platform once the token is there.
  const tab = window.open('', '_blank');
  let target = app.url;
  try {
    const { accessToken } = await get<AccessTokenData>(`/api/get_access_token?app=${encodeURIComponent(id)}`, { silent: true });
    target = withAccessToken(app.url, id, accessToken);
  } catch {
    /* the plain address */
  }
  if (tab) {
    tab.opener = null;
    tab.location.href = target;
  } else {
    window.location.href = target;
  }
}

export function AppsGrid() {
  const apps = getPublicConfig().sisterApps;
  const content = (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, 128px)', gap: 8 }} data-testid="apps-grid-panel">
      {apps.map((app, i) => (
        <a key={app.url + app.name} href={app.url} target="_blank" rel="noreferrer" className="scrm-app-tile" onClick={(e) => void openSisterApp(e, app, sisterAppId(app, i))}>
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
