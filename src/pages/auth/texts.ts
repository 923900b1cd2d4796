// The sign-in pages' texts: the back-office's own resources (src/i18n/locales), only the parts these pages show.
// Named imports let the bundler leave the rest of the JSON out of the light entry.
import { validationMessages } from '#domain/i18n/validation.ts';
import {
  app as appEn,
  buttons as buttonsEn,
  errors as errorsEn,
  join as joinEn,
  language as languageEn,
  loading as loadingEn,
  login as loginEn,
  modal as modalEn,
  reset as resetEn,
  session as sessionEn,
  shell as shellEn,
} from '../../i18n/locales/en.json';
import {
  app as appKo,
  buttons as buttonsKo,
  errors as errorsKo,
  join as joinKo,
  language as languageKo,
  loading as loadingKo,
  login as loginKo,
  modal as modalKo,
  reset as resetKo,
  session as sessionKo,
  shell as shellKo,
} from '../../i18n/locales/ko.json';

export const signInTexts = {
  en: {
    app: appEn,
    buttons: buttonsEn,
    errors: errorsEn,
    join: joinEn,
    language: languageEn,
    loading: loadingEn,
    login: loginEn,
    modal: modalEn,
    reset: resetEn,
    session: sessionEn,
    shell: { head: shellEn.head },
    validation: validationMessages.en,
  },
  ko: {
    app: appKo,
    buttons: buttonsKo,
    errors: errorsKo,
    join: joinKo,
    language: languageKo,
    loading: loadingKo,
    login: loginKo,
    modal: modalKo,
    reset: resetKo,
    session: sessionKo,
    shell: { head: shellKo.head },
    validation: validationMessages.ko,
  },
};
