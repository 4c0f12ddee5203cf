// Breadcrumbs from the menu configuration; non-last entries with a path are links (spec §2).
import { Breadcrumb } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { breadcrumbsFor, isEditing } from '@scrm/web-kit';

export function Breadcrumbs() {
  const { pathname, search } = useLocation();
  const crumbs = breadcrumbsFor(pathname, undefined, isEditing(search));
  if (crumbs.length === 0) return null;
  return (
    <div data-testid="breadcrumbs" style={{ marginBottom: 16 }}>
      <Breadcrumb items={crumbs.map((crumb) => ({ key: crumb.key, title: crumb.path ? <Link to={crumb.path}>{crumb.name}</Link> : crumb.name }))} />
    </div>
  );
}
