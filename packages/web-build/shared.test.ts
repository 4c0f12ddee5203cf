// The per-module sharing of antd: the rewrite of barrel imports and the share keys each sub-app declares.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { antdComponents, moduleSharesOf, namesImportedFrom, splitBarrelImports } from './shared';

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
  it('declares the modules a sub-app reaches, through web-parts, and not the ones it does not', () => {
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
