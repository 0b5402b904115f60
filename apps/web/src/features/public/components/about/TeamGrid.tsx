import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Network = 'linkedin' | 'github' | 'x';

/** The team: one project leader and five members. Pictures are avatars drawn for Poisha (public/team). */
const team = [
  { id: 'tahmina', picture: 'tahmina-akter', leader: true, networks: ['linkedin', 'x'] },
  { id: 'rafiqul', picture: 'rafiqul-islam', leader: false, networks: ['linkedin', 'github'] },
  { id: 'nusrat', picture: 'nusrat-jahan', leader: false, networks: ['linkedin', 'x'] },
  { id: 'arif', picture: 'arif-hossain', leader: false, networks: ['linkedin', 'github'] },
  { id: 'farhana', picture: 'farhana-chowdhury', leader: false, networks: ['linkedin', 'x'] },
  { id: 'sabbir', picture: 'sabbir-ahmed', leader: false, networks: ['linkedin', 'github'] },
] as const satisfies readonly { id: string; picture: string; leader: boolean; networks: readonly Network[] }[];

const networkUrls: Record<Network, string> = {
  linkedin: 'https://www.linkedin.com/',
  github: 'https://github.com/',
  x: 'https://x.com/',
};

/** Simple marks for the networks (24 px grid, current colour), drawn for Poisha. */
const networkIcons: Record<Network, ReactNode> = {
  linkedin: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="3" fill="currentColor" />
      <path d="M8 10.5V17M8 7.5v.01M11.5 17v-6.5M11.5 13.2c0-1.6 1-2.7 2.4-2.7s2.1.9 2.1 2.6V17" stroke="#fff" strokeWidth="2" strokeLinecap="round" fill="none" />
    </>
  ),
  // A plain code sign rather than the site's own mark.
  github: <path d="m8.5 7-5 5 5 5M15.5 7l5 5-5 5M13.5 4.5l-3 15" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />,
  x: <path d="M4.5 4h4.2l4 5.6L17.4 4h2l-5.8 6.9L20 20h-4.2l-4.3-6-5.1 6h-2l6.2-7.2z" fill="currentColor" />,
};

export function TeamGrid() {
  const { t } = useTranslation('public');
  return (
    <ul className="mt-8 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {team.map((member) => {
        const name = t(`about.team.${member.id}.name`);
        return (
          <li key={member.id} className={`flex flex-col items-center rounded-2xl border bg-white p-6 text-center shadow-xs ${member.leader ? 'border-brand-300 ring-1 ring-brand-200' : 'border-slate-200'}`}>
            <img
              src={`/team/${member.picture}.svg`}
              alt=""
              width={128}
              height={128}
              loading="lazy"
              decoding="async"
              className="size-32 rounded-full"
            />
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{name}</h3>
            <p className="mt-1 text-sm text-slate-700">{t(`about.team.${member.id}.title`)}</p>
            <ul className="mt-4 flex gap-2">
              {member.networks.map((network) => (
                <li key={network}>
                  <a
                    href={networkUrls[network]}
                    rel="noopener noreferrer"
                    aria-label={t(`about.social.${network}`, { name })}
                    className="inline-flex size-11 items-center justify-center rounded-lg text-slate-600 hover:bg-brand-50 hover:text-brand-800"
                  >
                    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="size-5">
                      {networkIcons[network]}
                    </svg>
                  </a>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
