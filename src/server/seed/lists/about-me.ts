/**
 * Phrase lists per language for the seeded 'about me' texts. A text is an optional
 * opener, a sentence about oneself (worded for the writer's gender where the language
 * needs it), an optional niche sentence, what one is looking for (worded for the gender
 * sought) and an optional closing line. Every sentence stands on its own, so any
 * combination reads naturally.
 */
import type { Locale } from '#src/lib/locales.ts';

export type AboutNiche = 'bdsm' | 'curvy' | 'mature';

export interface AboutPhrases {
  intro: readonly string[];
  about: { female: readonly string[]; male: readonly string[] };
  /** By the gender the writer is looking for. */
  seeking: { female: readonly string[]; male: readonly string[] };
  niche: Readonly<Record<AboutNiche, readonly string[]>>;
  closing: readonly string[];
}

export const ABOUT_ME: Readonly<Record<Locale, AboutPhrases>> = {
  en: {
    intro: [
      'Hi there!',
      'Hello, nice that you are reading my profile.',
      'New here and curious what this brings.',
      'Life is too short to be boring.',
      "Straightforward and honest, that's me.",
    ],
    about: {
      female: [
        'I am a warm, cheerful woman who loves a good laugh.',
        'I enjoy long walks, good food and even better company.',
        'I know what I want and I am not shy about it.',
        'After a busy week I like to unwind with a glass of wine.',
        'People describe me as spontaneous and caring.',
      ],
      male: [
        'I am a relaxed guy with a good sense of humour.',
        'I love cooking, travelling and a night out now and then.',
        'I am honest, attentive and know how to treat someone well.',
        'Sporty by day, cosy on the sofa by night.',
        'Friends say I am a good listener with a cheeky side.',
      ],
    },
    seeking: {
      female: [
        'I am looking for a woman who enjoys life as much as I do.',
        'Looking for a nice lady to chat with and see where it goes.',
        'I would love to meet a woman with a twinkle in her eye.',
        'Hoping to find a woman for exciting dates and good conversations.',
        'Looking for a fun woman, no strings attached.',
      ],
      male: [
        'I am looking for a man who knows how to make me laugh.',
        'Looking for a confident guy for flirty chats and maybe more.',
        'I would like to meet a man who is respectful and adventurous.',
        'Hoping to find a nice man for exciting dates.',
        'Looking for a gentleman with a naughty side.',
      ],
    },
    niche: {
      bdsm: ['I enjoy playing with trust, control and surrender.', 'Rope, rules and respect: that is my kind of fun.'],
      curvy: ['I am curvy and proud of every inch.', 'Curves are my thing, on me and on others.'],
      mature: [
        'With age comes experience, and I know how to use it.',
        'I am mature, self-assured and still full of desire.',
      ],
    },
    closing: [
      'Send me a message!',
      'Curious? Just say hello.',
      "Don't be shy, I don't bite... much.",
      "Let's chat and see if there is a spark.",
      'I look forward to your message.',
    ],
  },
  nl: {
    intro: [
      'Hoi!',
      'Leuk dat je mijn profiel bekijkt.',
      'Nieuw hier en benieuwd wat het brengt.',
      'Het leven is te kort om saai te zijn.',
      'Eerlijk en recht door zee, dat ben ik.',
    ],
    about: {
      female: [
        'Ik ben een warme, vrolijke vrouw die graag lacht.',
        'Ik hou van lange wandelingen, lekker eten en nog leuker gezelschap.',
        'Ik weet wat ik wil en ben daar niet verlegen over.',
        'Na een drukke week ontspan ik graag met een glas wijn.',
        'Mensen noemen me spontaan en zorgzaam.',
      ],
      male: [
        'Ik ben een relaxte man met gevoel voor humor.',
        'Ik kook graag, reis graag en ga af en toe lekker uit.',
        'Ik ben eerlijk, attent en weet hoe ik iemand goed behandel.',
        "Overdag sportief, 's avonds lekker op de bank.",
        'Vrienden zeggen dat ik goed kan luisteren en een ondeugende kant heb.',
      ],
    },
    seeking: {
      female: [
        'Ik zoek een vrouw die net zo van het leven geniet als ik.',
        'Op zoek naar een leuke dame om mee te chatten en te kijken waar het heen gaat.',
        'Ik zou graag een vrouw ontmoeten met een twinkeling in haar ogen.',
        'Ik hoop een vrouw te vinden voor spannende dates en goede gesprekken.',
        'Op zoek naar een leuke vrouw, zonder verplichtingen.',
      ],
      male: [
        'Ik zoek een man die me aan het lachen kan maken.',
        'Op zoek naar een zelfverzekerde man voor flirterige chats en misschien meer.',
        'Ik wil graag een man ontmoeten die respectvol en avontuurlijk is.',
        'Ik hoop een leuke man te vinden voor spannende dates.',
        'Op zoek naar een heer met een ondeugende kant.',
      ],
    },
    niche: {
      bdsm: [
        'Ik hou van spelen met vertrouwen, controle en overgave.',
        'Touw, regels en respect: dat is mijn soort plezier.',
      ],
      curvy: [
        'Ik heb rondingen en ben trots op elke centimeter.',
        'Rondingen zijn mijn ding, bij mezelf en bij anderen.',
      ],
      mature: [
        'Met de jaren komt ervaring, en die weet ik te gebruiken.',
        'Ik ben volwassen, zelfverzekerd en nog vol verlangen.',
      ],
    },
    closing: [
      'Stuur me een berichtje!',
      'Nieuwsgierig? Zeg gewoon hoi.',
      'Wees niet verlegen, ik bijt niet... nou ja, een beetje.',
      'Laten we chatten en kijken of er een vonk is.',
      'Ik kijk uit naar je bericht.',
    ],
  },
  de: {
    intro: [
      'Hallo!',
      'Schön, dass du mein Profil liest.',
      'Neu hier und gespannt, was kommt.',
      'Das Leben ist zu kurz, um langweilig zu sein.',
      'Ehrlich und direkt, so bin ich.',
    ],
    about: {
      female: [
        'Ich bin eine herzliche, fröhliche Frau, die gerne lacht.',
        'Ich liebe lange Spaziergänge, gutes Essen und noch bessere Gesellschaft.',
        'Ich weiß, was ich will, und bin nicht schüchtern.',
        'Nach einer vollen Woche entspanne ich gern bei einem Glas Wein.',
        'Man beschreibt mich als spontan und fürsorglich.',
      ],
      male: [
        'Ich bin ein entspannter Typ mit viel Humor.',
        'Ich koche gern, reise gern und gehe ab und zu aus.',
        'Ich bin ehrlich, aufmerksam und weiß, wie man jemanden gut behandelt.',
        'Tagsüber sportlich, abends gemütlich auf dem Sofa.',
        'Freunde sagen, ich kann gut zuhören und habe eine freche Seite.',
      ],
    },
    seeking: {
      female: [
        'Ich suche eine Frau, die das Leben genauso genießt wie ich.',
        'Ich suche eine nette Frau zum Schreiben, und dann schauen wir mal.',
        'Ich würde gern eine Frau mit einem Funkeln in den Augen kennenlernen.',
        'Ich hoffe, eine Frau für aufregende Dates und gute Gespräche zu finden.',
        'Ich suche eine lustige Frau, ganz ohne Verpflichtungen.',
      ],
      male: [
        'Ich suche einen Mann, der mich zum Lachen bringt.',
        'Ich suche einen selbstbewussten Mann für Flirts und vielleicht mehr.',
        'Ich möchte einen Mann kennenlernen, der respektvoll und abenteuerlustig ist.',
        'Ich hoffe, einen netten Mann für aufregende Dates zu finden.',
        'Ich suche einen Gentleman mit einer frechen Seite.',
      ],
    },
    niche: {
      bdsm: [
        'Ich spiele gern mit Vertrauen, Kontrolle und Hingabe.',
        'Seile, Regeln und Respekt: So macht es mir Spaß.',
      ],
      curvy: ['Ich habe Kurven und bin stolz auf jeden Zentimeter.', 'Kurven sind mein Ding, an mir und an anderen.'],
      mature: [
        'Mit den Jahren kommt Erfahrung, und die weiß ich zu nutzen.',
        'Ich bin reif, selbstbewusst und immer noch voller Lust.',
      ],
    },
    closing: [
      'Schreib mir!',
      'Neugierig? Sag einfach Hallo.',
      'Sei nicht schüchtern, ich beiße nicht... na ja, nur ein bisschen.',
      'Lass uns schreiben und sehen, ob es funkt.',
      'Ich freue mich auf deine Nachricht.',
    ],
  },
  fr: {
    intro: [
      'Coucou !',
      'Bienvenue sur mon profil.',
      "La vie est trop courte pour s'ennuyer.",
      'Franchise et bonne humeur, voilà ma devise.',
      'Bonjour à toi qui passes par ici.',
    ],
    about: {
      female: [
        'Je suis une femme chaleureuse et joyeuse qui adore rire.',
        "J'aime les longues balades, la bonne cuisine et la bonne compagnie.",
        'Je sais ce que je veux et je ne suis pas timide.',
        "Après une longue semaine, j'aime me détendre avec un verre de vin.",
        'On me dit spontanée et attentionnée.',
      ],
      male: [
        "Je suis un homme détendu avec beaucoup d'humour.",
        "J'aime cuisiner, voyager et sortir de temps en temps.",
        'Je suis honnête, attentionné et je sais bien traiter les gens.',
        'Sportif le jour, câlin sur le canapé le soir.',
        "Mes amis disent que je sais écouter et que j'ai un côté coquin.",
      ],
    },
    seeking: {
      female: [
        'Je cherche une femme qui aime la vie autant que moi.',
        'Je cherche une femme sympa pour discuter et voir où cela mène.',
        "J'aimerais rencontrer une femme avec une étincelle dans les yeux.",
        "J'espère trouver une femme pour des rendez-vous excitants et de belles conversations.",
        'Je cherche une femme drôle, sans prise de tête.',
      ],
      male: [
        'Je cherche un homme qui sait me faire rire.',
        'Je cherche un homme sûr de lui pour flirter, et plus si affinités.',
        "J'aimerais rencontrer un homme respectueux et aventureux.",
        "J'espère trouver un homme charmant pour des rendez-vous excitants.",
        'Je cherche un gentleman avec un petit côté coquin.',
      ],
    },
    niche: {
      bdsm: [
        "J'aime jouer avec la confiance, le contrôle et l'abandon.",
        'Cordes, règles et respect : voilà mon plaisir.',
      ],
      curvy: ["Les formes généreuses, j'adore.", "Les courbes, c'est mon truc, chez moi comme chez les autres."],
      mature: [
        "Avec l'âge vient l'expérience, et je sais m'en servir.",
        "L'expérience a du bon, et le désir est toujours là.",
      ],
    },
    closing: [
      'Écris-moi !',
      'Une envie de faire connaissance ? Dis simplement bonjour.',
      'Pas de timidité, je ne mords pas... enfin, pas trop.',
      "Discutons et voyons s'il y a une étincelle.",
      "J'attends ton message avec impatience.",
    ],
  },
  it: {
    intro: [
      'Ciao!',
      'Grazie per aver letto il mio profilo.',
      'La vita è troppo breve per annoiarsi.',
      'Sincerità e buonumore, questo è il mio motto.',
      'Eccomi qui, vediamo cosa succede.',
    ],
    about: {
      female: [
        'Sono una donna calorosa e allegra a cui piace ridere.',
        'Amo le lunghe passeggiate, il buon cibo e la buona compagnia.',
        'So quello che voglio e non sono timida.',
        'Dopo una settimana piena mi rilasso con un bicchiere di vino.',
        'Dicono che sono spontanea e premurosa.',
      ],
      male: [
        "Sono un uomo tranquillo con un grande senso dell'umorismo.",
        'Mi piace cucinare, viaggiare e uscire ogni tanto.',
        'Sono sincero, attento e so come trattare bene una persona.',
        'Sportivo di giorno, sul divano la sera.',
        'Gli amici dicono che so ascoltare e che ho un lato birichino.',
      ],
    },
    seeking: {
      female: [
        'Cerco una donna che ami la vita quanto me.',
        'Cerco una donna simpatica con cui chiacchierare e vedere come va.',
        'Mi piacerebbe conoscere una donna con una scintilla negli occhi.',
        'Spero di trovare una donna per appuntamenti emozionanti e belle conversazioni.',
        'Cerco una donna divertente, senza impegno.',
      ],
      male: [
        'Cerco un uomo che sappia farmi ridere.',
        'Cerco un uomo sicuro di sé per flirtare e magari qualcosa di più.',
        'Vorrei conoscere un uomo rispettoso e avventuroso.',
        'Spero di trovare un uomo simpatico per appuntamenti emozionanti.',
        'Cerco un gentiluomo con un lato birichino.',
      ],
    },
    niche: {
      bdsm: [
        'Mi piace giocare con fiducia, controllo e abbandono.',
        'Corde, regole e rispetto: questo è il mio divertimento.',
      ],
      curvy: ['Le curve sono il mio punto forte.', 'Adoro le curve, su di me e sugli altri.'],
      mature: ["Con gli anni arriva l'esperienza, e so come usarla.", "L'esperienza conta, e il desiderio non manca."],
    },
    closing: [
      'Scrivimi!',
      'Curiosità? Basta un saluto.',
      "Niente timidezza, non mordo... o forse solo un po'.",
      'Chattiamo e vediamo se scatta la scintilla.',
      'Aspetto il tuo messaggio.',
    ],
  },
  es: {
    intro: [
      '¡Hola!',
      'Gracias por leer mi perfil.',
      'La vida es demasiado corta para aburrirse.',
      'Sinceridad y buen humor, ese es mi lema.',
      'Aquí estoy, a ver qué pasa.',
    ],
    about: {
      female: [
        'Soy una mujer cálida y alegre a la que le encanta reír.',
        'Me gustan los paseos largos, la buena comida y la buena compañía.',
        'Sé lo que quiero y no soy tímida.',
        'Después de una semana intensa me relajo con una copa de vino.',
        'Dicen que soy espontánea y cariñosa.',
      ],
      male: [
        'Soy un hombre tranquilo con mucho sentido del humor.',
        'Me gusta cocinar, viajar y salir de vez en cuando.',
        'Soy sincero, atento y sé tratar bien a las personas.',
        'Deportista de día, de sofá por la noche.',
        'Mis amigos dicen que sé escuchar y que tengo un lado pícaro.',
      ],
    },
    seeking: {
      female: [
        'Busco una mujer que disfrute de la vida tanto como yo.',
        'Busco una mujer simpática para charlar y ver adónde nos lleva.',
        'Me encantaría conocer a una mujer con chispa en la mirada.',
        'Espero encontrar una mujer para citas emocionantes y buenas conversaciones.',
        'Busco una mujer divertida, sin compromisos.',
      ],
      male: [
        'Busco un hombre que sepa hacerme reír.',
        'Busco un hombre seguro de sí mismo para coquetear y quizás algo más.',
        'Me gustaría conocer a un hombre respetuoso y aventurero.',
        'Espero encontrar un hombre agradable para citas emocionantes.',
        'Busco un caballero con un lado pícaro.',
      ],
    },
    niche: {
      bdsm: [
        'Me gusta jugar con la confianza, el control y la entrega.',
        'Cuerdas, reglas y respeto: así me divierto.',
      ],
      curvy: ['Las curvas son lo mío.', 'Me encantan las curvas, en mí y en los demás.'],
      mature: [
        'Con los años llega la experiencia, y sé aprovecharla.',
        'La experiencia es un grado y el deseo sigue intacto.',
      ],
    },
    closing: [
      '¡Escríbeme!',
      '¿Te pica la curiosidad? Solo di hola.',
      'Sin timidez, que no muerdo... bueno, solo un poco.',
      'Charlemos y veamos si hay chispa.',
      'Espero tu mensaje.',
    ],
  },
  pl: {
    intro: [
      'Cześć!',
      'Dzięki, że czytasz mój profil.',
      'Życie jest za krótkie, żeby się nudzić.',
      'Szczerość i dobry humor, to moje motto.',
      'Jestem tu, zobaczmy, co z tego wyniknie.',
    ],
    about: {
      female: [
        'Jestem ciepłą, radosną kobietą, która lubi się śmiać.',
        'Uwielbiam długie spacery, dobre jedzenie i jeszcze lepsze towarzystwo.',
        'Wiem, czego chcę, i nie jestem nieśmiała.',
        'Po pracowitym tygodniu lubię odpocząć przy lampce wina.',
        'Mówią, że jestem spontaniczna i troskliwa.',
      ],
      male: [
        'Jestem wyluzowanym facetem z poczuciem humoru.',
        'Lubię gotować, podróżować i czasem wyjść na miasto.',
        'Jestem szczery, uważny i wiem, jak dobrze traktować drugą osobę.',
        'W dzień wysportowany, wieczorem na kanapie.',
        'Przyjaciele mówią, że umiem słuchać i mam łobuzerską stronę.',
      ],
    },
    seeking: {
      female: [
        'Szukam kobiety, która cieszy się życiem tak jak ja.',
        'Szukam miłej kobiety do rozmowy, a potem zobaczymy.',
        'Chętnie poznam kobietę z iskrą w oku.',
        'Mam nadzieję znaleźć kobietę na ekscytujące randki i dobre rozmowy.',
        'Szukam zabawnej kobiety, bez zobowiązań.',
      ],
      male: [
        'Szukam mężczyzny, który potrafi mnie rozśmieszyć.',
        'Szukam pewnego siebie mężczyzny do flirtu i może czegoś więcej.',
        'Chętnie poznam mężczyznę, który jest pełen szacunku i lubi przygody.',
        'Mam nadzieję znaleźć miłego mężczyznę na ekscytujące randki.',
        'Szukam dżentelmena z łobuzerską stroną.',
      ],
    },
    niche: {
      bdsm: ['Lubię grę zaufania, kontroli i uległości.', 'Liny, zasady i szacunek: tak lubię się bawić.'],
      curvy: ['Krągłości to moja mocna strona.', 'Uwielbiam krągłości, u siebie i u innych.'],
      mature: [
        'Z wiekiem przychodzi doświadczenie, a ja wiem, jak z niego korzystać.',
        'Doświadczenie mam, a pożądania wciąż nie brakuje.',
      ],
    },
    closing: [
      'Napisz do mnie!',
      'Ciekawość? Po prostu się przywitaj.',
      'Śmiało, nie gryzę... no, może trochę.',
      'Pogadajmy i zobaczmy, czy zaiskrzy.',
      'Czekam na twoją wiadomość.',
    ],
  },
  da: {
    intro: [
      'Hej!',
      'Dejligt, at du læser min profil.',
      'Livet er for kort til at kede sig.',
      'Ærlig og ligetil, sådan er jeg.',
      'Ny herinde og spændt på, hvad det bringer.',
    ],
    about: {
      female: [
        'Jeg er en varm og glad kvinde, der elsker at grine.',
        'Jeg holder af lange gåture, god mad og endnu bedre selskab.',
        'Jeg ved, hvad jeg vil, og er ikke genert.',
        'Efter en travl uge slapper jeg af med et glas vin.',
        'Folk siger, at jeg er spontan og omsorgsfuld.',
      ],
      male: [
        'Jeg er en afslappet fyr med godt humør.',
        'Jeg elsker at lave mad, rejse og gå i byen en gang imellem.',
        'Jeg er ærlig, opmærksom og ved, hvordan man behandler nogen godt.',
        'Sporty om dagen, hyggelig i sofaen om aftenen.',
        'Mine venner siger, at jeg er god til at lytte og har en fræk side.',
      ],
    },
    seeking: {
      female: [
        'Jeg søger en kvinde, der nyder livet lige så meget som jeg.',
        'Jeg søger en sød kvinde at skrive med, og så ser vi, hvor det fører hen.',
        'Jeg vil gerne møde en kvinde med glimt i øjet.',
        'Jeg håber at finde en kvinde til spændende dates og gode samtaler.',
        'Jeg søger en sjov kvinde, helt uforpligtende.',
      ],
      male: [
        'Jeg søger en mand, der kan få mig til at grine.',
        'Jeg søger en selvsikker mand til flirt og måske mere.',
        'Jeg vil gerne møde en mand, der er respektfuld og eventyrlysten.',
        'Jeg håber at finde en sød mand til spændende dates.',
        'Jeg søger en gentleman med en fræk side.',
      ],
    },
    niche: {
      bdsm: [
        'Jeg kan lide at lege med tillid, kontrol og overgivelse.',
        'Reb, regler og respekt: sådan kan jeg lide det.',
      ],
      curvy: ['Jeg har kurver og er stolt af hver en centimeter.', 'Kurver er lige mig, på mig selv og på andre.'],
      mature: [
        'Med alderen kommer erfaringen, og den ved jeg at bruge.',
        'Jeg er moden, selvsikker og stadig fuld af lyst.',
      ],
    },
    closing: [
      'Skriv til mig!',
      'Nysgerrig? Sig bare hej.',
      'Vær ikke genert, jeg bider ikke... ret meget.',
      'Lad os skrive og se, om der er en gnist.',
      'Jeg glæder mig til at høre fra dig.',
    ],
  },
  fi: {
    intro: [
      'Moikka!',
      'Kiva, että luet profiiliani.',
      'Elämä on liian lyhyt tylsyydelle.',
      'Rehellinen ja suora, sellainen olen.',
      'Uusi täällä ja utelias näkemään, mitä tästä seuraa.',
    ],
    about: {
      female: [
        'Olen lämmin ja iloinen nainen, joka nauraa mielellään.',
        'Rakastan pitkiä kävelyjä, hyvää ruokaa ja vielä parempaa seuraa.',
        'Tiedän, mitä haluan, enkä ole ujo.',
        'Kiireisen viikon jälkeen rentoudun lasillisella viiniä.',
        'Minua kuvataan spontaaniksi ja huolehtivaiseksi.',
      ],
      male: [
        'Olen rento mies, jolla on hyvä huumorintaju.',
        'Tykkään kokata, matkustaa ja käydä välillä ulkona.',
        'Olen rehellinen, huomaavainen ja osaan kohdella toista hyvin.',
        'Päivisin urheilullinen, iltaisin sohvalla.',
        'Ystävät sanovat, että osaan kuunnella ja minulla on tuhma puoli.',
      ],
    },
    seeking: {
      female: [
        'Etsin naista, joka nauttii elämästä yhtä paljon kuin minä.',
        'Etsin mukavaa naista juttuseuraksi, katsotaan mihin se johtaa.',
        'Haluaisin tavata naisen, jolla on pilkettä silmäkulmassa.',
        'Toivon löytäväni naisen jännittäville treffeille ja hyviin keskusteluihin.',
        'Etsin hauskaa naista ilman sitoumuksia.',
      ],
      male: [
        'Etsin miestä, joka saa minut nauramaan.',
        'Etsin itsevarmaa miestä flirttailuun ja ehkä muuhunkin.',
        'Haluaisin tavata miehen, joka on kunnioittava ja seikkailunhaluinen.',
        'Toivon löytäväni mukavan miehen jännittäville treffeille.',
        'Etsin herrasmiestä, jolla on tuhma puoli.',
      ],
    },
    niche: {
      bdsm: [
        'Nautin leikistä, jossa on luottamusta, kontrollia ja antautumista.',
        'Köydet, säännöt ja kunnioitus: sellaista on minun hauskanpitoni.',
      ],
      curvy: [
        'Minulla on kurveja ja olen ylpeä jokaisesta sentistä.',
        'Kurvit ovat minun juttuni, itsessäni ja muissa.',
      ],
      mature: ['Iän myötä tulee kokemusta, ja osaan käyttää sitä.', 'Olen kypsä, itsevarma ja yhä täynnä halua.'],
    },
    closing: [
      'Laita viestiä!',
      'Utelias? Sano vain hei.',
      'Älä ujostele, en pure... paljon.',
      'Jutellaan ja katsotaan, syttyykö kipinä.',
      'Odotan viestiäsi.',
    ],
  },
  nb: {
    intro: [
      'Hei!',
      'Hyggelig at du leser profilen min.',
      'Livet er for kort til å kjede seg.',
      'Ærlig og rett fram, sånn er jeg.',
      'Ny her og spent på hva dette bringer.',
    ],
    about: {
      female: [
        'Jeg er en varm og glad kvinne som elsker å le.',
        'Jeg liker lange turer, god mat og enda bedre selskap.',
        'Jeg vet hva jeg vil, og er ikke sjenert.',
        'Etter en travel uke slapper jeg av med et glass vin.',
        'Folk sier at jeg er spontan og omtenksom.',
      ],
      male: [
        'Jeg er en avslappet fyr med god humor.',
        'Jeg liker å lage mat, reise og gå ut av og til.',
        'Jeg er ærlig, oppmerksom og vet hvordan man behandler noen godt.',
        'Sporty på dagen, kosete i sofaen om kvelden.',
        'Venner sier at jeg er flink til å lytte og har en fresk side.',
      ],
    },
    seeking: {
      female: [
        'Jeg søker en kvinne som nyter livet like mye som meg.',
        'Jeg er ute etter en hyggelig dame å chatte med, så får vi se hvor det bærer.',
        'Jeg vil gjerne møte en kvinne med glimt i øyet.',
        'Jeg håper å finne en kvinne for spennende dater og gode samtaler.',
        'Jeg søker en morsom kvinne, helt uforpliktende.',
      ],
      male: [
        'Jeg søker en mann som får meg til å le.',
        'Jeg er ute etter en selvsikker mann for flørting og kanskje mer.',
        'Jeg vil gjerne møte en mann som er respektfull og eventyrlysten.',
        'Jeg håper å finne en hyggelig mann for spennende dater.',
        'Jeg søker en gentleman med en fresk side.',
      ],
    },
    niche: {
      bdsm: ['Jeg liker lek med tillit, kontroll og overgivelse.', 'Tau, regler og respekt: det er min type moro.'],
      curvy: ['Jeg har kurver og er stolt av hver centimeter.', 'Kurver er min greie, på meg selv og på andre.'],
      mature: [
        'Med alderen kommer erfaring, og den vet jeg å bruke.',
        'Jeg er moden, selvsikker og fortsatt full av lyst.',
      ],
    },
    closing: [
      'Send meg en melding!',
      'Nysgjerrig? Bare si hei.',
      'Ikke vær sjenert, jeg biter ikke... mye.',
      'La oss chatte og se om det blir gnister.',
      'Gleder meg til å høre fra deg.',
    ],
  },
  sv: {
    intro: [
      'Hej!',
      'Kul att du läser min profil.',
      'Livet är för kort för att vara tråkigt.',
      'Ärlig och rak, sådan är jag.',
      'Ny här och nyfiken på vad det här kan bli.',
    ],
    about: {
      female: [
        'Jag är en varm och glad kvinna som älskar att skratta.',
        'Jag gillar långa promenader, god mat och ännu bättre sällskap.',
        'Jag vet vad jag vill och är inte blyg.',
        'Efter en intensiv vecka kopplar jag av med ett glas vin.',
        'Folk säger att jag är spontan och omtänksam.',
      ],
      male: [
        'Jag är en avslappnad kille med bra humor.',
        'Jag gillar att laga mat, resa och gå ut ibland.',
        'Jag är ärlig, uppmärksam och vet hur man behandlar någon väl.',
        'Sportig på dagen, mysig i soffan på kvällen.',
        'Vänner säger att jag är bra på att lyssna och har en busig sida.',
      ],
    },
    seeking: {
      female: [
        'Jag söker en kvinna som njuter av livet lika mycket som jag.',
        'Jag letar efter en trevlig kvinna att chatta med och se vart det leder.',
        'Jag skulle gärna träffa en kvinna med glimten i ögat.',
        'Jag hoppas hitta en kvinna för spännande dejter och bra samtal.',
        'Jag söker en rolig kvinna, helt utan förpliktelser.',
      ],
      male: [
        'Jag söker en man som får mig att skratta.',
        'Jag letar efter en självsäker man för flört och kanske mer.',
        'Jag skulle vilja träffa en man som är respektfull och äventyrlig.',
        'Jag hoppas hitta en trevlig man för spännande dejter.',
        'Jag söker en gentleman med en busig sida.',
      ],
    },
    niche: {
      bdsm: ['Jag gillar lek med tillit, kontroll och underkastelse.', 'Rep, regler och respekt: så har jag roligt.'],
      curvy: ['Jag har kurvor och är stolt över varje centimeter.', 'Kurvor är min grej, på mig själv och på andra.'],
      mature: [
        'Med åren kommer erfarenhet, och den vet jag hur man använder.',
        'Jag är mogen, självsäker och fortfarande full av lust.',
      ],
    },
    closing: [
      'Skicka ett meddelande!',
      'Nyfiken? Säg bara hej.',
      'Var inte blyg, jag bits inte... särskilt mycket.',
      'Vi chattar och ser om det slår gnistor.',
      'Jag ser fram emot ditt meddelande.',
    ],
  },
};
