/**
 * First names per language, for women and men, split into names common among people born
 * before about 1978 ('older') and after ('younger'), so a 68-year-old is rarely a 'Chloé'.
 */
import type { Locale } from '#src/lib/locales.ts';

export interface NameLists {
  female: { older: readonly string[]; younger: readonly string[] };
  male: { older: readonly string[]; younger: readonly string[] };
}

/** A space-separated list (first names here have no spaces). */
const names = (list: string): readonly string[] => list.split(' ');

export const FIRST_NAMES: Readonly<Record<Locale, NameLists>> = {
  en: {
    female: {
      older: names(
        'Susan Linda Karen Patricia Deborah Sandra Carol Janet Margaret Barbara Diane Julie Wendy Lorraine Sharon',
      ),
      younger: names('Emily Jessica Sarah Hannah Lauren Chloe Sophie Megan Olivia Amy Rachel Ashley Grace Holly Zoe'),
    },
    male: {
      older: names('David Michael John Robert Richard Paul Mark Steven Gary Peter Kevin Brian Stephen Keith Graham'),
      younger: names('James Daniel Thomas Matthew Ryan Jack Luke Adam Joshua Callum Tyler Nathan Jake Ben Liam'),
    },
  },
  nl: {
    female: {
      older: names(
        'Anja Ingrid Marian Petra Monique Yvonne Wilma Ria Carla Annemarie Hennie José Marjolein Ellen Gerda',
      ),
      younger: names('Sanne Lisa Fleur Anouk Lotte Femke Eva Iris Noor Merel Romy Sophie Esmee Julia Britt'),
    },
    male: {
      older: names('Jan Peter Henk Kees Gerard Wim Hans Johan Ruud Frank Marcel Rob Erik Ton Bert'),
      younger: names('Daan Thijs Bram Jesse Sem Lars Niels Ruben Tim Stijn Joris Milan Luuk Sven Jeroen'),
    },
  },
  de: {
    female: {
      older: names(
        'Sabine Petra Monika Andrea Birgit Karin Ursula Gabriele Heike Renate Susanne Claudia Brigitte Elke Christa',
      ),
      younger: names('Laura Lena Anna Julia Lea Sarah Hannah Katharina Jana Lisa Marie Sophie Nina Vanessa Franziska'),
    },
    male: {
      older: names(
        'Thomas Michael Andreas Wolfgang Klaus Jürgen Frank Stefan Uwe Peter Bernd Dieter Rainer Helmut Ralf',
      ),
      younger: names(
        'Lukas Jonas Leon Felix Maximilian Tim Jan Niklas Paul Tobias Florian Moritz Philipp Sebastian Dominik',
      ),
    },
  },
  fr: {
    female: {
      older: names(
        'Nathalie Isabelle Sylvie Catherine Christine Martine Françoise Valérie Sandrine Brigitte Véronique Monique Patricia Chantal Dominique',
      ),
      younger: names('Camille Léa Manon Chloé Emma Inès Sarah Julie Pauline Océane Clara Marine Lucie Mathilde Élodie'),
    },
    male: {
      older: names(
        'Philippe Patrick Pascal Alain Thierry Éric Christophe Frédéric Jean Michel Laurent Didier Bernard Gérard Olivier',
      ),
      younger: names(
        'Lucas Hugo Thomas Nicolas Julien Maxime Antoine Théo Alexandre Romain Kevin Quentin Mathieu Louis Baptiste',
      ),
    },
  },
  it: {
    female: {
      older: names(
        'Maria Anna Giuseppina Rosa Patrizia Antonella Daniela Laura Paola Cinzia Silvia Roberta Marina Lucia Gabriella',
      ),
      younger: names(
        'Giulia Chiara Francesca Sara Martina Alessia Valentina Federica Elisa Giorgia Alice Sofia Beatrice Arianna Ilaria',
      ),
    },
    male: {
      older: names(
        'Giuseppe Giovanni Antonio Mario Franco Luigi Roberto Paolo Sergio Massimo Claudio Stefano Maurizio Bruno Enzo',
      ),
      younger: names(
        'Marco Luca Andrea Matteo Alessandro Davide Simone Federico Lorenzo Francesco Gabriele Riccardo Tommaso Nicola Daniele',
      ),
    },
  },
  es: {
    female: {
      older: names(
        'Carmen María Pilar Dolores Mercedes Rosa Isabel Concepción Teresa Montserrat Encarnación Antonia Josefa Rosario Ángeles',
      ),
      younger: names(
        'Lucía Laura Marta Paula Sara Andrea Cristina Elena Alba Irene Nerea Claudia Natalia Raquel Sofía',
      ),
    },
    male: {
      older: names(
        'José Antonio Manuel Francisco Juan Jesús Miguel Javier Rafael Pedro Ángel Fernando Luis Ramón Enrique',
      ),
      younger: names('Alejandro Pablo Daniel Adrián David Álvaro Sergio Jorge Carlos Diego Iván Raúl Rubén Hugo Mario'),
    },
  },
  pl: {
    female: {
      older: names(
        'Barbara Krystyna Elżbieta Danuta Grażyna Jolanta Bożena Halina Irena Teresa Wanda Ewa Małgorzata Renata Beata',
      ),
      younger: names(
        'Anna Katarzyna Magdalena Agnieszka Joanna Natalia Aleksandra Karolina Paulina Monika Marta Julia Zuzanna Wiktoria Weronika',
      ),
    },
    male: {
      older: names(
        'Andrzej Krzysztof Stanisław Tadeusz Jerzy Zbigniew Ryszard Janusz Marek Henryk Józef Wojciech Mirosław Bogdan Czesław',
      ),
      younger: names(
        'Piotr Tomasz Paweł Michał Kamil Łukasz Mateusz Jakub Bartosz Adrian Dawid Marcin Szymon Damian Kacper',
      ),
    },
  },
  da: {
    female: {
      older: names('Hanne Susanne Lene Karen Bente Kirsten Jette Birgit Inge Lone Merete Pia Annette Tove Grethe'),
      younger: names('Sofie Emma Ida Freja Mathilde Julie Cecilie Sara Laura Maja Caroline Amalie Nanna Signe Camilla'),
    },
    male: {
      older: names('Jens Niels Lars Søren Henrik Poul Ole Torben Jørgen Bent Preben Finn Erik Per Flemming'),
      younger: names(
        'Mads Rasmus Mikkel Frederik Emil Jonas Magnus Oliver Mathias Anders Christian Kasper Nikolaj Sebastian Tobias',
      ),
    },
  },
  fi: {
    female: {
      older: names('Marja Tuula Leena Päivi Pirjo Anneli Riitta Sirpa Seija Eeva Kaarina Hannele Raija Tarja Liisa'),
      younger: names('Emilia Aino Sanna Laura Jenni Noora Emma Anni Ella Veera Iida Johanna Heidi Sara Kaisa'),
    },
    male: {
      older: names('Juha Timo Matti Kari Mikko Jari Pekka Heikki Markku Seppo Jukka Hannu Esa Raimo Antti'),
      younger: names('Mikael Joonas Ville Eetu Aleksi Lauri Tuomas Niko Juho Onni Elias Teemu Jere Sami Otto'),
    },
  },
  nb: {
    female: {
      older: names('Anne Inger Kari Marit Ingrid Liv Eva Berit Astrid Bjørg Hilde Randi Solveig Gro Turid'),
      younger: names('Nora Emma Thea Sara Maja Ida Julie Hanna Silje Ingeborg Marte Mari Kristine Tuva Vilde'),
    },
    male: {
      older: names('Jan Per Bjørn Ole Lars Kjell Knut Arne Svein Terje Geir Odd Rune Tor Trond'),
      younger: names(
        'Jakob Emil Magnus Sander Henrik Kristian Andreas Sindre Martin Eirik Håkon Sondre Fredrik Even Mathias',
      ),
    },
  },
  sv: {
    female: {
      older: names(
        'Anna Eva Margareta Birgitta Karin Kristina Elisabeth Ingrid Marie Ulla Lena Gunilla Agneta Annika Monica',
      ),
      younger: names('Elin Emma Ida Sara Linnea Hanna Julia Matilda Moa Frida Klara Wilma Ebba Alva Josefin'),
    },
    male: {
      older: names('Lars Anders Per Mikael Johan Karl Bengt Göran Stefan Leif Mats Ulf Lennart Håkan Thomas'),
      younger: names('Erik Oscar William Lucas Hugo Elias Viktor Filip Axel Simon Emil Isak Linus Gustav Albin'),
    },
  },
};
