// The deterministic sample corp: the same seed and size always make the same corp, ids included.
import { Corp, type GroupChat, type GroupMember, type Member, type TagGroup } from './corp.js';
import * as N from './names.js';
import { Prng } from './prng.js';

export interface CorpSize {
  departments: number;
  members: number;
  customers: number;
  groups: number;
  /** Tag groups (each with 3–6 tags). */
  tags: number;
}

export const DEFAULT_SIZE: CorpSize = { departments: 6, members: 20, customers: 200, groups: 10, tags: 5 };
export const MAX_SIZE: CorpSize = { departments: 1000, members: 20_000, customers: 1_000_000, groups: 50_000, tags: 300 };

const ADD_WAYS = [0, 1, 1, 1, 2, 3, 3, 4, 5, 6, 8, 9, 10, 201, 202];
/** A fixed "now" for generated times, so a seed always gives the same corp: 2026-01-01 00:00 +08:00. */
const EPOCH = 1_767_196_800;

/** `now` (epoch ms) only stamps the sample contact ways, which list_contact_way shows for 90 days. */
export function generateCorp(opts: { seed: string; name?: string; size?: Partial<CorpSize>; now?: number }): Corp {
  const size = { ...DEFAULT_SIZE, ...opts.size };
  const r = new Prng(opts.seed);
  const corpId = `ww${r.hex(16)}`;
  const name = opts.name ?? `${r.pick(N.CORP_NAMES)}${r.pick(N.CORP_SUFFIX)}`;
  const corp = new Corp(corpId, name, 1_000_000 + r.int(1, 999_999), r.b62(43), r.b62(43), opts.seed);
  const personName = () => r.pick(N.SURNAMES)[0] + r.pick(N.GIVEN);

  // departments: 1 is the root, named after the corp
  corp.departments.push({ id: 1, name, parentid: 0, order: 100_000_000, department_leader: [] });
  for (let i = 0; i < size.departments - 1; i++) {
    const parent = i < 4 ? 1 : corp.departments[r.int(0, corp.departments.length - 1)]!.id;
    const base = N.DEPARTMENTS[i % N.DEPARTMENTS.length]!;
    const round = Math.floor(i / N.DEPARTMENTS.length);
    corp.departments.push({ id: i + 2, name: round ? `${base}${round + 1}` : base, parentid: parent, order: 100_000_000 - i - 1, department_leader: [] });
  }

  // members
  for (let i = 0; i < size.members; i++) {
    const [surname, py] = r.pick(N.SURNAMES);
    const dept = corp.departments[i === 0 ? 0 : r.int(0, corp.departments.length - 1)]!;
    const m: Member = {
      userid: `${py}${r.pick(['Wei', 'Fang', 'Min', 'Jing', 'Lei', 'Tao', 'Yan', 'Jie', 'Hao', 'Xin'])}${String(i + 1).padStart(4, '0')}`,
      name: surname + r.pick(N.GIVEN),
      department: [dept.id],
      order: [0],
      position: r.pick(N.POSITIONS),
      mobile: `1${r.pick(['38', '39', '50', '58', '86', '88'])}${String(r.int(0, 99_999_999)).padStart(8, '0')}`,
      gender: String(r.int(1, 2)),
      email: '',
      is_leader_in_dept: [0],
      avatar: `https://wework.qpic.cn/wwhead/sim/m${i}/0`,
      thumb_avatar: `https://wework.qpic.cn/wwhead/sim/m${i}/100`,
      alias: '',
      status: 1,
      main_department: dept.id,
      contact: i === 0 || r.chance(0.9),
    };
    m.email = `${m.userid.toLowerCase()}@example.com`;
    if (!dept.department_leader.length) {
      dept.department_leader.push(m.userid);
      m.is_leader_in_dept = [1];
    }
    corp.addMember(m);
  }
  const contactMembers = corp.members.map((m, i) => (m.contact ? i : -1)).filter((i) => i >= 0);

  // tag groups
  for (let g = 0; g < size.tags; g++) {
    const [groupName, tagNames] = N.TAG_GROUPS[g % N.TAG_GROUPS.length]!;
    const round = Math.floor(g / N.TAG_GROUPS.length);
    const created = EPOCH - r.int(30, 720) * 86_400;
    const count = Math.min(tagNames.length, r.int(3, 6));
    const group: TagGroup = {
      group_id: r.b62(20, 'et'),
      group_name: round ? `${groupName}${round + 1}` : groupName,
      create_time: created,
      order: size.tags - g,
      deleted: false,
      tag: tagNames.slice(0, count).map((t, i) => ({ id: r.b62(20, 'et'), name: t, create_time: created, order: count - i, deleted: false })),
    };
    corp.tagGroups.push(group);
  }
  const allTags = corp.tagGroups.flatMap((g) => g.tag.map((t) => t.id));

  // customers and their follow relations (1–3 each, with members who have the permission)
  const states = ['', '', '', 'sim_way_1', 'sim_way_2', 'shop_01', 'douyin_ad', 'wx_article'];
  for (let c = 0; c < size.customers; c++) {
    const type = r.chance(0.92) ? 1 : 2;
    const custName = type === 1 ? r.pick(N.NICK_PREFIX) + personName() : personName();
    const extId = r.b62(30, 'wm');
    const ci = corp.addCustomer({
      external_userid: extId,
      name: custName,
      type,
      gender: r.int(0, 2),
      unionid: type === 1 ? r.b62(27, 'o') : undefined,
      corp_name: type === 2 ? r.pick(N.CUSTOMER_CORPS) : undefined,
    });
    if (!contactMembers.length) continue;
    const want = Math.min(contactMembers.length, r.int(1, 3));
    const used: number[] = [];
    for (let k = 0; k < want; k++) {
      let mi = r.pick(contactMembers);
      for (let tries = 0; used.includes(mi) && tries < 8; tries++) mi = r.pick(contactMembers);
      if (used.includes(mi)) break;
      used.push(mi);
      const tagCount = allTags.length ? r.int(0, 3) : 0;
      const tags: string[] = [];
      for (let t = 0; t < tagCount; t++) {
        const id = r.pick(allTags);
        if (!tags.includes(id)) tags.push(id);
      }
      const byMember = r.chance(0.6);
      corp.addFollow(ci, mi, {
        createtime: EPOCH - r.int(0, 365 * 86_400),
        remark: r.chance(0.5) ? `${custName}${r.pick(['', '-老客', '-意向', '(门店)'])}` : '',
        description: r.chance(0.3) ? r.pick(N.DESCRIPTIONS) : '',
        tags,
        add_way: r.pick(ADD_WAYS),
        state: r.pick(states),
        oper_userid: byMember ? corp.members[mi]!.userid : extId,
      });
    }
  }

  // customer groups
  for (let g = 0; g < size.groups; g++) {
    const ownerIdx = contactMembers.length ? r.pick(contactMembers) : 0;
    const owner = corp.members[ownerIdx];
    if (!owner) break;
    const created = EPOCH - r.int(1, 400) * 86_400;
    const members: GroupMember[] = [
      { userid: owner.userid, type: 1, join_time: created, join_scene: 1, group_nickname: '', name: owner.name },
    ];
    const staff = Math.min(corp.members.length - 1, r.int(0, 3));
    for (let s = 0; s < staff; s++) {
      const m = r.pick(corp.members);
      if (members.some((x) => x.userid === m.userid)) continue;
      members.push({ userid: m.userid, type: 1, join_time: created + r.int(0, 86_400), join_scene: 1, invitor: { userid: owner.userid }, group_nickname: '', name: m.name });
    }
    const outsiders = corp.customerCount ? r.int(3, 40) : 0;
    for (let s = 0; s < outsiders; s++) {
      const ci = r.int(0, corp.customerCount - 1);
      const id = corp.cId[ci]!;
      if (members.some((x) => x.userid === id)) continue;
      const gm: GroupMember = {
        userid: id,
        type: 2,
        join_time: created + r.int(0, 90 * 86_400),
        join_scene: r.pick([1, 2, 3]),
        invitor: { userid: owner.userid },
        group_nickname: r.chance(0.2) ? `${corp.cName[ci]}${r.pick(['妈妈', '(杭州)', '-设计师'])}` : '',
        name: corp.cName[ci]!,
      };
      if (corp.cUnionid[ci]) gm.unionid = corp.cUnionid[ci];
      members.push(gm);
    }
    const chat: GroupChat = {
      chat_id: r.b62(30, 'wr'),
      name: `${r.pick(N.CITIES)}${r.pick(N.GROUP_TOPICS)}${g + 1}`,
      owner: owner.userid,
      create_time: created,
      notice: r.pick(N.NOTICES),
      status: r.chance(0.95) ? 0 : r.int(1, 3),
      member_list: members,
      admin_list: [],
      member_version: 1,
    };
    corp.groups.push(chat);
  }

  // two contact ways to scan from the start
  for (let w = 0; w < Math.min(2, contactMembers.length); w++) {
    const m = corp.members[contactMembers[w]!]!;
    const id = r.hex(32);
    corp.contactWays.push({
      config_id: id,
      type: 1,
      scene: 2,
      style: 1,
      remark: `${m.name}的渠道码`,
      skip_verify: true,
      state: `sim_way_${w + 1}`,
      user: [m.userid],
      party: [],
      is_temp: false,
      create_time: Math.floor((opts.now ?? Date.now()) / 1000),
      history: [{ at: opts.now ?? Date.now(), user: [m.userid], change: 'add' }],
    });
  }
  return corp;
}
