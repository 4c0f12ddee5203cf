// The search bar of the code lists: a keyword box and a member filter, both kept in the URL by the page.
import { KeywordSearch } from './keyword-search';
import { MemberSelect } from './member-select';

export interface ListFiltersProps {
  keyword: string;
  /** '' for every member. */
  userid: string;
  /** Called with what changed: the keyword searched, or the member chosen ('' when cleared). */
  onChange(patch: { keyword: string } | { userid: string }): void;
  placeholders: { keyword: string; member: string };
  widths: { keyword?: number; member: number };
  testIds: { keyword: string; member: string };
}

/** The two controls side by side (the caller's row holds them and anything beside). */
export function ListFilters({ keyword, userid, onChange, placeholders, widths, testIds }: ListFiltersProps) {
  return (
    <>
      <KeywordSearch value={keyword} onSearch={(k) => onChange({ keyword: k })} placeholder={placeholders.keyword} width={widths.keyword} data-testid={testIds.keyword} />
      <MemberSelect
        value={userid || undefined}
        onChange={(u) => onChange({ userid: u ?? '' })}
        placeholder={placeholders.member}
        contactOnly={false}
        style={{ width: widths.member }}
        data-testid={testIds.member}
      />
    </>
  );
}
