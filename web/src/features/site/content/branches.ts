/**
 * Our branches. Addresses are illustrative (this is open-source software; a deployer lists its own),
 * phone numbers use the 555-01xx range reserved for fiction.
 */
export interface Branch {
  name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  hours: readonly { days: string; time: string }[];
  services: readonly string[];
}

const weekdays = { days: 'Monday – Friday', time: '9 a.m. – 5 p.m.' };
const lateThursday = { days: 'Thursday', time: 'until 7 p.m.' };
const saturday = { days: 'Saturday', time: '9 a.m. – 1 p.m.' };
const closedSunday = { days: 'Sunday', time: 'Closed' };

export const branches: readonly Branch[] = [
  {
    name: 'Portland Pearl District',
    street: '1120 NW Everett Street',
    city: 'Portland',
    state: 'OR',
    zip: '97209',
    phone: '(503) 555-0110',
    hours: [weekdays, lateThursday, saturday, closedSunday],
    services: ['24-hour ATM', 'Mortgage advisor', 'Safe deposit boxes', 'Notary'],
  },
  {
    name: 'Portland Hawthorne',
    street: '3615 SE Hawthorne Boulevard',
    city: 'Portland',
    state: 'OR',
    zip: '97214',
    phone: '(503) 555-0124',
    hours: [weekdays, saturday, closedSunday],
    services: ['24-hour ATM', 'Drive-through', 'Coin counting'],
  },
  {
    name: 'Seattle Capitol Hill',
    street: '418 Broadway East',
    city: 'Seattle',
    state: 'WA',
    zip: '98102',
    phone: '(206) 555-0131',
    hours: [weekdays, lateThursday, saturday, closedSunday],
    services: ['24-hour ATM', 'Business banking', 'Notary'],
  },
  {
    name: 'Denver Union Station',
    street: '1701 Wynkoop Street',
    city: 'Denver',
    state: 'CO',
    zip: '80202',
    phone: '(303) 555-0145',
    hours: [weekdays, closedSunday],
    services: ['24-hour ATM', 'Business banking', 'Investment advisor'],
  },
  {
    name: 'Austin South Congress',
    street: '1402 South Congress Avenue',
    city: 'Austin',
    state: 'TX',
    zip: '78704',
    phone: '(512) 555-0152',
    hours: [weekdays, saturday, closedSunday],
    services: ['24-hour ATM', 'Drive-through', 'Mortgage advisor', 'Spanish-speaking staff'],
  },
  {
    name: 'Chicago Loop',
    street: '55 West Monroe Street',
    city: 'Chicago',
    state: 'IL',
    zip: '60603',
    phone: '(312) 555-0167',
    hours: [weekdays, lateThursday, closedSunday],
    services: ['24-hour ATM', 'Business banking', 'Safe deposit boxes', 'Investment advisor'],
  },
  {
    name: 'Minneapolis North Loop',
    street: '212 North 3rd Avenue',
    city: 'Minneapolis',
    state: 'MN',
    zip: '55401',
    phone: '(612) 555-0173',
    hours: [weekdays, saturday, closedSunday],
    services: ['24-hour ATM', 'Notary', 'Coin counting'],
  },
  {
    name: 'Boston Back Bay',
    street: '399 Boylston Street',
    city: 'Boston',
    state: 'MA',
    zip: '02116',
    phone: '(617) 555-0188',
    hours: [weekdays, lateThursday, saturday, closedSunday],
    services: ['24-hour ATM', 'Mortgage advisor', 'Investment advisor', 'Safe deposit boxes'],
  },
  {
    name: 'Raleigh Glenwood South',
    street: '510 Glenwood Avenue',
    city: 'Raleigh',
    state: 'NC',
    zip: '27603',
    phone: '(919) 555-0192',
    hours: [weekdays, saturday, closedSunday],
    services: ['24-hour ATM', 'Drive-through', 'Business banking'],
  },
  {
    name: 'Madison Capitol Square',
    street: '22 East Mifflin Street',
    city: 'Madison',
    state: 'WI',
    zip: '53703',
    phone: '(608) 555-0106',
    hours: [weekdays, closedSunday],
    services: ['24-hour ATM', 'Notary', 'Mortgage advisor'],
  },
];

/** Longest search text we read; a city name or a ZIP is far shorter. */
export const BRANCH_QUERY_LENGTH_MAX = 60;

/**
 * Branches whose city (or name, or state) contains the query, or whose ZIP starts with it
 * (so "972" finds every Portland branch). Case and surrounding spaces are ignored.
 */
export function filterBranches(list: readonly Branch[], query: string): readonly Branch[] {
  const q = query.trim().toLowerCase().slice(0, BRANCH_QUERY_LENGTH_MAX);
  if (q.length === 0) return list;
  if (/^\d+$/.test(q)) return list.filter((b) => b.zip.startsWith(q));
  return list.filter((b) =>
    [b.city, b.name, b.state, `${b.city}, ${b.state}`].some((text) => text.toLowerCase().includes(q)),
  );
}
