export * from './gym.ts';
export * from './member.ts';
export * from './session.ts';
