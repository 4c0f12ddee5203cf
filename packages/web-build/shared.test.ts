// What the shell shares with the sub-apps: the rewrite of antd's barrel imports, the keys each sub-app
// reaches and the modules that stand for them in its build.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SHARED_GLOBAL,
  antdComponents,
  exportNamesOf,
  isSharedKey,
  moduleSharesOf,
  namesImportedFrom,
  sharedModuleCode,
  splitBarrelImports,
} from './shared';

const root = path.resolve(import.meta.dirname, '../..');

describe('splitBarrelImports', () => {
  it('imports each antd component and icon from its own module, and keeps types as type imports', () => {
    const code = [
      "import { Button, Form as AntForm, type TableProps, ButtonProps } from 'antd';",
      "import { PlusOutlined } from '@ant-design/icons';",
      "import type { ColumnsType } from 'antd/es/table';",
    ].join('\n');
    expect(splitBarrelImports(code).split('\n')).toEqual([
      "import Button from 'antd/es/button'; import AntForm from 'antd/es/form'; import type { TableProps, ButtonProps } from 'antd';",
      "import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';",
      "import type { ColumnsType } from 'antd/es/table';",
    ]);
  });

  it('knows every component of antd', () => {
    expect(antdComponents().get('QRCode')).toBe('qr-code');
    expect(antdComponents().get('DatePicker')).toBe('date-picker');
  });
});

describe('moduleSharesOf', () => {
  it('finds the modules a sub-app reaches, through web-parts, and not the ones it does not', () => {
    const data = moduleSharesOf(path.join(root, 'apps/data/src/app.tsx'));
    expect(data).toContain('antd/es/date-picker');
    expect(data).not.toContain('antd/es/upload');
    expect(data.every((key) => key.startsWith('antd/es/') || key.startsWith('@ant-design/icons/es/icons/'))).toBe(true);
  });
});

describe('namesImportedFrom', () => {
  it('lists the value names the sub-apps import from a package', () => {
    expect(namesImportedFrom('react-router-dom')).toContain('useNavigate');
    expect(namesImportedFrom('@tanstack/react-query')).toContain('useQuery');
  });
});

describe('what a sub-app reads from the shell', () => {
  it('serves React, the shared packages, antd components and the icons some sub-app uses, and bundles the rest', () => {
    for (const key of ['react', 'react/jsx-runtime', 'react-dom/client', 'react-router-dom', '@scrm/web-kit', 'dayjs', 'antd/es/table']) {
      expect(isSharedKey(key), key).toBe(true);
    }
    expect(isSharedKey('@ant-design/icons/es/icons/PlusOutlined')).toBe(true);
    for (const key of ['antd', 'antd/es/table/Table', '@scrm/web-kit/ui', 'echarts', 'react-dom/server']) expect(isSharedKey(key), key).toBe(false);
  });

  it('stands for a shared module by reading the registry, with every name the sub-apps may import', () => {
    const react = sharedModuleCode('react');
    expect(react).toContain(`globalThis.${SHARED_GLOBAL}.get("react")`);
    expect(react).toContain('export default shared.default;');
    expect(exportNamesOf('react')).toEqual(expect.arrayContaining(['useState', 'useEffect', 'Suspense', 'createElement']));
    expect(exportNamesOf('react-router-dom')).toEqual(namesImportedFrom('react-router-dom'));
    expect(sharedModuleCode('antd/es/table')).not.toContain('export const');
  });
});
