/** Every key of the fight lab and what it does, as its `?` help lists them. */
export const LAB_KEYS: readonly (readonly [string, string])[] = [
  ['+ -', 'hero level up / down'],
  ['w W', 'next / previous weapon (any the hero cannot wield is skipped)'],
  ['a A', 'next / previous body armour'],
  ['b B', 'next / previous shield (Crawl and Stone Soup; none, buckler, shield, large shield)'],
  ['k', 'skill editor (Crawl and Stone Soup): up/down or Tab choose a skill, left/right or + - its level 0-27, Esc or Enter closes'],
  ['f F', 'next / previous foe (the hero stays as it is)'],
  ['s S', "next / previous foe state: the foe's own, asleep, wandering (unaware), hunting, fleeing, then what the ruleset's attacks read (Pixel Dungeon paralysed; Crawl confused; Stone Soup confused, paralysed, netted, petrified)"],
  ['e', 'the other edition (spoiler / source); both fighters are built again'],
  ['< >', 'distance 1 to 8 (missiles and spells)'],
  ['r', "the foe's recall page (up/down to scroll)"],
  ['R', "the hero's recall page"],
  ['?', 'this help'],
  ['Esc', 'closes what is open (help, a recall page, the skill editor); with nothing open, back'],
  ['q', 'back'],
];
