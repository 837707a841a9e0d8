import type { Lang } from "./i18n";

// Move names (Appendix C), Russian and English; unknown codes show as they are.
const NAMES: Record<string, [string, string]> = {
  STAY_HOME: ["Остаться дома", "Stay home"],
  STAKE: ["Осиновый кол", "Stake"],
  USE_DIPLOMA: ["Использовать диплом", "Use the diploma"],
  DRINK_VODKA: ["Выпить водку", "Drink vodka"],
  USE_ANTIDOTE: ["Дать антидот", "Give the antidote"],
  USE_VOUCHER: ["Путёвка", "Voucher"],
  GIFT_POISON: ["Отравить (подарок)", "Poison (gift)"],
  SHOOT: ["Выстрел", "Shoot"],
  POISON: ["Отравить", "Poison"],
  MAKE_POISON: ["Варить яд", "Brew poison"],
  RECRUIT: ["Вербовка", "Recruit"],
  SHERIFF_RECRUIT: ["Вербовка следователя", "Recruit an Investigator"],
  REBEL_RECRUIT: ["Вербовка в повстанцы", "Recruit a follower"],
  SEARCH_BOSS: ["Поиск Босса", "Search for the Boss"],
  SEARCH_REBEL: ["Поиск Повстанца", "Search for the Rebel"],
  SEARCH_MANIAC: ["Поиск Маньяка", "Search for the Maniac"],
  SEARCH_RECRUITER: ["Поиск Вербовщика", "Search for the Recruiter"],
  SEARCH_SHERIFF: ["Поиск Шерифа", "Search for the Sheriff"],
  SEARCH_INVESTIGATOR: ["Поиск Следователя", "Search for the Investigator"],
  HEAL: ["Лечить", "Heal"],
  SLEEPING_PILL: ["Снотворное", "Sleeping pill"],
  PV_WATCH: ["Наблюдать", "Watch"],
  JOURNALIST_WATCH: ["Слежка журналиста", "Journalist's watch"],
  EXECUTIONER_WATCH: ["Слежка палача", "Executioner's watch"],
  PROTECT: ["Охранять", "Protect"],
  BITE: ["Укусить", "Bite"],
  EXPLODE: ["Взорвать", "Explode"],
  MAKE_EXPLOSIVE: ["Делать взрывчатку", "Make explosive"],
  MANIAC_BLOODY: ["Кровавое убийство", "Bloody kill"],
  MANIAC_QUICK: ["Быстрое убийство", "Quick kill"],
  MANIAC_TORTURE: ["Пытка", "Torture"],
  GF_MUTE: ["Лишить слова", "Mute"],
  GF_BLOCK: ["Заблокировать", "Block"],
  MAYOR_MUTE: ["Лишить слова", "Mute"],
  MAYOR_BLOCK: ["Заблокировать", "Block"],
  NURSE_PUMP: ["Прокачать", "Pump"],
  NURSE_TEST: ["Анализ", "Test"],
  NURSE_QUARANTINE: ["Карантин", "Quarantine"],
  PRIEST_CONFESS: ["Исповедь", "Confession"],
  PRIEST_BLESS: ["Благословение", "Blessing"],
  TOUR_SEND: ["Отправить в тур", "Send on a tour"],
  TOUR_EXCURSION: ["Экскурсия", "Excursion"],
  DOMOVOI_BLOCK: ["Запереть", "Lock in"],
  DOMOVOI_BURN: ["Поджечь", "Burn"],
  TELEPATH_VOTE: ["Внушить голос", "Plant a vote"],
  TELEPATH_RETARGET: ["Перенаправить", "Redirect"],
  FAIRY_GIFT: ["Подарок феи", "Fairy's gift"],
  INTERROGATE: ["Допрос", "Interrogate"],
  REBEL_SHOOT: ["Выстрел повстанцев", "Rebels' shot"],
  VH_SHOOT: ["Выстрел охотника", "Hunter's shot"],
  VH_SEARCH_VAMPIRE: ["Искать вампира", "Search for the Vampire"],
  VH_SEARCH_HORSEMAN: ["Искать всадника", "Search for the Horseman"],
  VH_SEARCH_UNDEAD: ["Искать нежить", "Search for the Undead"],
  REANIMATE: ["Оживить", "Reanimate"],
  JAILER_SIN: ["Грех", "Sin"],
  SWINDLER_CHOOSE: ["Выбрать жертву", "Choose a mark"],
  SHMARA_NIGHT: ["Ночь со Шмарой", "Night with Shmara"],
  SHMARA_CLONIDINE: ["Клофелин", "Clonidine"],
  SHMARA_STEAL: ["Украсть", "Steal"],
  HORSEMAN_SEARCH: ["Поиск всадника", "Horseman's search"],
  PROSECUTOR_ACCUSE: ["Обвинение", "Accuse"],
  PROSECUTOR_SEARCH: ["Розыск", "Search"],
  PROSECUTOR_REPORT: ["Доклад прокурора", "Prosecutor's report"],
  REBEL_VOTES: ["Голоса повстанцев", "Rebels' votes"],
  SWINDLER_CHANGE: ["Подменить голоса", "Change votes"],
  VAMPIRE_GHOUL_VOTE: ["Голос вурдалака", "Ghoul's vote"],
  USE_CARD_BOSS: ["Карта Босса", "Boss card"],
  USE_CARD_DOCTOR: ["Карта Доктора", "Doctor card"],
  USE_CARD_SHERIFF: ["Карта Шерифа", "Sheriff card"],
  USE_CARD_JOURNALIST: ["Карта Журналиста", "Journalist card"],
  NURSE_REPORT_VH: ["Доклад медсестры", "Nurse's report"],
  JAILER_CHECK_JAILED: ["Проверить заключённого", "Check the jailed"],
  JAILER_RELEASE: ["Освободить", "Release"],
};

/** Every move code, for the host's correction form. */
export const ACTION_CODES: string[] = Object.keys(NAMES);

export function actionName(code: string, lang: Lang): string {
  const pair = NAMES[code];
  return pair ? pair[lang === "en" ? 1 : 0] : code;
}

// Item names (A-ITEM), as the engine's items.py has them; unknown codes show as they are.
const ITEMS: Record<string, [string, string]> = {
  VEST: ["бронежилет", "vest"],
  SIREN: ["сирена", "siren"],
  POISON: ["яд", "poison"],
  ANTIDOTE: ["противоядие", "antidote"],
  DIPLOMA: ["диплом", "diploma"],
  CARD_BOSS: ["визитка босса мафии", "Mafia Boss's card"],
  CARD_DOCTOR: ["визитка доктора", "Doctor's card"],
  CARD_SHERIFF: ["визитка шерифа", "Sheriff's card"],
  CARD_JOURNALIST: ["визитка журналиста", "Journalist's card"],
  VOUCHER: ["турпутевка", "tour voucher"],
  CROSS: ["крестик", "cross"],
  VODKA: ["водка", "vodka"],
  CLONIDINE: ["клофелин", "clonidine"],
  EXPLOSIVE: ["взрывчатка", "explosive"],
  PISTOL: ["пистолет", "pistol"],
  KNIFE: ["нож", "knife"],
};

/** An item's name, or the value itself when it is no item code (a gift, a prompt's answer). */
export function itemName(code: string, lang: Lang): string {
  const pair = ITEMS[code];
  return pair ? pair[lang === "en" ? 1 : 0] : code;
}
